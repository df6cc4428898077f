// The card of a place (a suggestion chosen, or a point clicked on the map or the globe, or read
// by Enter at the globe's centre): its elevation, from which level it floods, and a button that
// sets the sea there. The card is a polite live region (index.html).
import { fetchJSON } from "./api.js";
import { format, typographicMinus } from "./format.js";
import { showMessage } from "./message.js";
import { RISE_MAX, RISE_MIN } from "./sea-level-scale.js";

const $ = (id) => document.getElementById(id);

/** Shows a place ({title, subtitle, kind, code, population, elevationM, flooding, confidence, spillLevelM, source}); its button calls setRise(level). */
export function showPlace(place, setRise) {
  $("place").hidden = false;
  $("place-title").textContent = place.title;
  const kindLabel = place.kind === "airport" ? "airport" + (place.code ? " " + place.code : "") + " · "
    : place.kind === "postcode" ? "postal code · " : "";
  $("place-subtitle").textContent = kindLabel + place.subtitle
    + (place.population && place.kind === "city" ? " · population " + format.count(place.population) : "");
  $("place-elevation").textContent = place.elevationM === null || place.elevationM === undefined
    ? "Elevation unknown" : "Elevation " + format.metres(place.elevationM);
  $("place-flooding").textContent = typographicMinus(place.flooding.charAt(0).toUpperCase() + place.flooding.slice(1));
  // Where the model cannot tell, the card says so and why, beside what the model alone says.
  const cannotTell = place.confidence?.level === "low";
  $("place-confidence").hidden = !cannotTell;
  $("place-confidence").textContent = cannotTell
    ? typographicMinus(place.confidence.reason.charAt(0).toUpperCase() + place.confidence.reason.slice(1)) + "." : "";
  $("place-source").textContent = place.source ? "From " + format.plainSource(place.source) : "";
  const button = $("place-set-rise");
  // A place whose cell is sea today on its model is said to be so ("sea today on this model …"),
  // not offered a fall of the sea.
  if (place.spillLevelM === null || place.spillLevelM === undefined || place.spillLevelM <= 0) {
    button.hidden = true;
  } else {
    const level = Math.min(RISE_MAX, Math.max(RISE_MIN, place.spillLevelM));
    button.hidden = false;
    button.textContent = "Set the sea to " + format.rise(level);
    button.onclick = () => setRise(level);
  }
}

/** Reads a point (/v1/flood/point) at the page's sea level `rise` and shows it as "The point chosen". */
export async function showPoint(lat, lon, setRise, rise) {
  try {
    const point = await fetchJSON("/v1/flood/point?lat=" + lat.toFixed(4) + "&lon=" + (((lon + 540) % 360) - 180).toFixed(4) + "&rise=" + rise);
    showPlace({ title: format.coordinates(point.latitude, point.longitude), subtitle: "The point chosen", population: 0,
                elevationM: point.elevationM, flooding: point.flooding, confidence: point.confidence, spillLevelM: point.spillLevelM,
                source: point.source }, setRise);
  } catch (error) {
    showMessage("That point could not be read. " + error.message);
  }
}
