// Frame all: the map (and the globe, when shown) frames the current suggestions, or else the
// places flooded at the sea level, outliers left out (/v1/region); the places left out are listed.
import { prefersReducedMotion } from "./accessibility.js";
import { fetchJSON } from "./api.js";
import { format } from "./format.js";
import { clearMessage, showMessage } from "./message.js";

const $ = (id) => document.getElementById(id);

/**
 * Frames on `map` (Leaflet) and on the globe `shownGlobe()` gives (null unless shown) the
 * suggestions of `completion` while its box holds their query or the place chosen from them,
 * else the places flooded at `rise`.
 */
export async function frameAll({ map, completion, rise, shownGlobe }) {
  const size = map.getSize();
  const viewport = "&viewport=" + Math.max(1, size.x) + "x" + Math.max(1, size.y);
  const framed = $("framed"), summary = $("framed-summary"), trimmedList = $("framed-trimmed");
  let answer, nameOf, what, isNamed = () => true;
  try {
    // The suggestions frame while the search box holds their query or the place chosen from them.
    if (completion.suggestions().length && completion.text().trim() !== "") {
      const suggestions = completion.suggestions();
      what = "suggestions for “" + completion.shownFor() + "”";
      answer = await fetchJSON("/v1/region?format=geojson" + viewport, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ placeIds: suggestions.map((s) => s.id) }),
      });
      nameOf = (feature) => suggestions[feature.properties.index].title;
    } else {
      what = "places flooded at " + format.rise(rise);
      const [region, places] = await Promise.all([
        fetchJSON("/v1/region?format=geojson&flooded_at=" + rise + viewport, { method: "POST" }),
        fetchJSON("/v1/flood/places?limit=1000&rise=" + rise),
      ]);
      answer = region;
      // The region's points come in flooding order; name the trimmed ones from the most populous.
      const names = new Map(places.places.map((p) => [p.longitude + "," + p.latitude, p.name]));
      nameOf = (feature) => {
        const [lon, lat] = feature.geometry.coordinates;
        return names.get(lon + "," + lat) || format.coordinates(lat, lon);
      };
      isNamed = (feature) => names.has(feature.geometry.coordinates.join(","));
    }
  } catch (error) {
    showMessage("Frame all failed. " + error.message);
    return;
  }
  const [west, south, east, north] = answer.bbox;
  // A box across ±180° has west > east: continue east past 180 so Leaflet frames it in one piece.
  const bounds = L.latLngBounds([south, west], [north, east < west ? east + 360 : east]);
  map.fitBounds(bounds, { padding: [0, 0], animate: !prefersReducedMotion() });
  const globe = shownGlobe();
  if (globe) globe.frameBox(answer.bbox);
  window.geoqLastRegion = answer;
  const region = answer.features.find((f) => f.properties.role === "region").properties;
  // Named places first: among many flooded outliers, only the most populous have names at hand.
  const trimmed = answer.features.filter((f) => f.properties.role === "trimmed")
    .map((feature, order) => ({ feature, order, named: isNamed(feature) }))
    .sort((a, b) => (b.named - a.named) || (a.order - b.order)).map((entry) => entry.feature);
  summary.textContent = "Framed " + format.count(region.keptCount) + " of " + format.count(region.pointCount) + " " + what +
    (trimmed.length ? "; left out as outliers (" + format.count(trimmed.length) + "):" : "; none left out.");
  trimmedList.replaceChildren(...trimmed.slice(0, 12).map((feature) => {
    const item = document.createElement("li");
    item.textContent = nameOf(feature);
    return item;
  }));
  if (trimmed.length > 12) {
    const more = document.createElement("li");
    more.textContent = "and " + format.count(trimmed.length - 12) + " more";
    trimmedList.append(more);
  }
  framed.hidden = false;
  clearMessage();
}
