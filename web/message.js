// The one-line message above the map: a problem, or with `info` a note, shown until the next one
// or a success. It is an ARIA alert (index.html), so screen readers say it when it changes.

const messageBox = document.getElementById("message");

/** Shows a problem (or, with `info`, a note) above the map until the next one or a success. */
export function showMessage(text, kind) {
  messageBox.textContent = text;
  messageBox.className = kind === "info" ? "info" : "";
  messageBox.hidden = false;
}

/** Hides the message; with `onlyIfText`, only when it still says that. */
export function clearMessage(onlyIfText) {
  if (onlyIfText === undefined || messageBox.textContent === onlyIfText) messageBox.hidden = true;
}

/** Whether a message is showing. */
export function messageShown() {
  return !messageBox.hidden;
}
