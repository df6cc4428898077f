// The service's colours (/v1/palette) for the legend (CSS custom properties in geoq.css) and
// for the globe, which draws in the tiles' own colours.
import { fetchJSON } from "./api.js";
import { showMessage } from "./message.js";

/** Loads the palette and colours the legend by it; null (and a message) when it cannot be had. */
export async function loadPalette() {
  let palette;
  try {
    palette = await fetchJSON("/v1/palette");
  } catch (error) {
    showMessage("The map's colours could not be loaded. " + error.message);
    return null;
  }
  const root = document.documentElement.style;
  const gradient = (ramp) => "linear-gradient(90deg, " + ramp.slice(0, 4).map((s) => s.colour).join(", ") + ")";
  for (const entry of palette.classes) root.setProperty("--class-" + entry.class, entry.colour);
  root.setProperty("--ramp-sea", gradient(palette.seaRamp));
  root.setProperty("--ramp-land", gradient(palette.landRamp));
  root.setProperty("--hatch-stripe", palette.hatch.colour);
  document.body.dataset.palette = "loaded";
  return palette;
}
