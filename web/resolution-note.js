// Says when the map is zoomed in past the model that answers at its centre: each of that
// model's cells then spans many screen pixels, and the squares on the map are its cells, not
// detail of the land. Asked of /v1/flood/point for the centre after each move.
import { fetchJSON } from "./api.js";
import { shownCentre } from "./visible-area.js";

/** Screen pixels across one model cell before the note shows. */
export const PIXELS_PER_CELL = 8;
const EARTH_CIRCUMFERENCE_M = 40075016.686;

/** Metres across one CSS pixel of a Web Mercator map at `latitude` and `zoom` (256-pixel tiles). */
export function metresPerPixel(latitude, zoom) {
  return EARTH_CIRCUMFERENCE_M * Math.cos(latitude * Math.PI / 180) / (256 * 2 ** zoom);
}

/** The note for a model's source {model, cellSizeM} at `latitude` and `zoom`, or "" when its cells are small on screen. */
export function resolutionNote(source, latitude, zoom) {
  if (!source || !(source.cellSizeM > 0)) return "";
  const pixels = source.cellSizeM / metresPerPixel(latitude, zoom);
  if (pixels < PIXELS_PER_CELL) return "";
  const size = source.cellSizeM >= 1000
    ? (source.cellSizeM / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 }) + " km"
    : Math.round(source.cellSizeM).toLocaleString("en-US") + " m";
  return "Zoomed in past the model: here the heights come from " + source.model + " in " + size
    + " cells, each about " + Math.round(pixels).toLocaleString("en-US") + " pixels across. The squares are its cells, not detail.";
}

/** Keeps #resolution-note up to date with the map's centre and zoom. */
export function createResolutionNote(map) {
  const note = document.getElementById("resolution-note");
  let pending = null;
  async function update() {
    if (pending) pending.abort();
    const controller = new AbortController();
    pending = controller;
    // The centre of what is seen: on a phone the sheet covers the map's lower part.
    const centre = shownCentre(map).wrap(), zoom = map.getZoom();
    try {
      const point = await fetchJSON("/v1/flood/point?lat=" + centre.lat.toFixed(5) + "&lon=" + centre.lng.toFixed(5),
                                    { signal: controller.signal });
      if (pending !== controller) return;
      const text = resolutionNote(point.source, centre.lat, zoom);
      note.textContent = text;
      note.hidden = text === "";
    } catch (error) {
      // No answer at the centre (beyond the models, or the service is down): no claim either way.
      if (pending === controller) note.hidden = true;
    }
  }
  map.on("moveend", update);
  update();
  return { update };
}
