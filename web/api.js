// geoq's HTTP API (openapi.yaml), as the page calls it.

/** Fetches JSON from the API; a non-2xx answer becomes an Error with the server's own message. */
export async function fetchJSON(url, options) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new Error("The geoq service cannot be reached (" + error.message + ").");
  }
  const text = await response.text();
  let body = null;
  try { body = JSON.parse(text); } catch (_) { /* reported below */ }
  if (!response.ok) {
    const detail = body && body.error && body.error.message ? body.error.message : text.slice(0, 200) || response.statusText;
    throw new Error("The server answered " + response.status + ": " + detail);
  }
  if (body === null) throw new Error("The server's answer to " + url.split("?")[0] + " was not JSON.");
  return body;
}
