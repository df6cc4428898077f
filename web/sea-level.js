// The sea level: the slider, the number field and the label. A new level goes to the globe as a
// uniform (no request), or to the map as a new layer of tiles, and the figures are fetched for
// it; while the slider slides, the tiles and figures wait for it to rest a moment.
import { format } from "./format.js";
import { positionOfRise, RISE_MAX, RISE_MIN, riseAtPosition, SCALE_MARKS, SLIDER_POSITIONS } from "./sea-level-scale.js";

const SLIDING_DELAY_MS = 150;
const $ = (id) => document.getElementById(id);

/**
 * The controls. `state` is the page's ({rise, view, globe, tilesShownFor}); `tiles` the map's;
 * `figures` the figures panel; `onChange()` follows each new level. Returns
 * setRise(rise, source): source "slider" or "number" when the level came from that control.
 */
export function createSeaLevel({ state, tiles, figures, onChange }) {
  const slider = $("rise-slider"), numberField = $("rise-number"), riseLabel = $("rise-label");
  const numberError = $("rise-number-error");
  slider.max = String(SLIDER_POSITIONS);
  numberField.min = String(RISE_MIN);
  numberField.max = String(RISE_MAX);
  numberField.step = "0.1";
  // The marks under the slider, each where its level lies along the travel (it is not linear).
  $("rise-scale").replaceChildren(...SCALE_MARKS.map(({ rise, at }) => {
    const mark = document.createElement("span");
    mark.textContent = Math.abs(rise) >= 1000 ? format.kilometres(rise) : rise === 0 ? "0" : format.rise(rise);
    mark.style.left = (at * 100).toFixed(2) + "%";
    return mark;
  }));
  let tileTimer = null, statsTimer = null;

  function setRise(rise, source) {
    state.rise = rise;
    riseLabel.textContent = format.rise(rise);
    slider.setAttribute("aria-valuetext", format.rise(rise));
    if (source !== "slider") slider.value = String(positionOfRise(rise));
    if (source !== "number") numberField.value = String(rise);
    numberError.textContent = "";
    const delay = source === "slider" ? SLIDING_DELAY_MS : 0;
    clearTimeout(tileTimer);
    // The globe classifies on the graphics card: a new level there is a uniform, not a request.
    if (state.view === "globe") { if (state.globe) state.globe.setRise(rise); }
    else tileTimer = setTimeout(() => tiles.show(rise), delay);
    state.tilesShownFor = state.view === "globe" ? null : rise;
    clearTimeout(statsTimer);
    statsTimer = setTimeout(() => figures.load(rise), delay);
    onChange();
  }

  slider.addEventListener("input", () => setRise(riseAtPosition(Number(slider.value)), "slider"));
  numberField.addEventListener("change", () => {
    const text = numberField.value.trim();
    const value = text === "" ? NaN : Number(text);
    if (!Number.isFinite(value) || value < RISE_MIN || value > RISE_MAX) {
      numberError.textContent = "Enter metres from " + format.metres(RISE_MIN).replace(" m", "") + " to " + format.metres(RISE_MAX).replace(" m", "") + ".";
      return;
    }
    setRise(value, "number");
  });

  return setRise;
}
