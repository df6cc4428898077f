// Frame all: the map (and the globe, when shown) frames the current suggestions, or else the
// places flooded at the sea level, outliers left out (/v1/region), in the part of the map the
// panel does not cover; pins mark the places framed, and those left out are listed by name,
// region and country.
import { prefersReducedMotion } from "./accessibility.js";
import { fetchJSON } from "./api.js";
import { format } from "./format.js";
import { clearMessage, showMessage } from "./message.js";
import { fitOptions, visibleSize } from "./visible-area.js";

/** The most pins one framing draws (the most populous places first). */
const MAX_PINS = 300;
let pins = null;

const $ = (id) => document.getElementById(id);

/**
 * Frames on `map` (Leaflet) and on the globe `shownGlobe()` gives (null unless shown) the
 * suggestions of `completion` while its box holds their query or the place chosen from them,
 * else the places flooded at `rise`.
 */
export async function frameAll({ map, completion, rise, shownGlobe }) {
  const size = visibleSize(map);
  const viewport = "&viewport=" + Math.max(1, size.x) + "x" + Math.max(1, size.y);
  const framed = $("framed"), summary = $("framed-summary"), trimmedList = $("framed-trimmed");
  let answer, nameOf, what, isNamed = () => true, pinned = [];
  try {
    // The suggestions frame while the search box holds their query or the place chosen from them.
    if (completion.suggestions().length && completion.text().trim() !== "") {
      const suggestions = completion.suggestions();
      what = "suggestions for “" + completion.shownFor() + "”";
      // Suggestions are namesakes, not places the user named one by one: outliers go (trim=1).
      answer = await fetchJSON("/v1/region?format=geojson&trim=1" + viewport, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ placeIds: suggestions.map((s) => s.id) }),
      });
      const fullName = (s) => s.title + (s.subtitle ? ", " + s.subtitle : "");
      nameOf = (feature) => fullName(suggestions[feature.properties.index]);
      pinned = suggestions.map((s, index) => ({ index, lat: s.latitude, lon: s.longitude, name: fullName(s) }));
    } else {
      // What the panel counts, in its words: the places the map resolves as flooded, apart from
      // those it cannot tell (the list holds the resolved ones first, up to 1,000 places).
      const places = await fetchJSON("/v1/flood/places?limit=1000&rise=" + rise);
      const unresolved = places.count - places.resolvedCount;
      const resolvedListed = places.places.filter((p) => p.confidence?.level !== "low");
      const fullName = (p) => p.name + (p.subtitle ? ", " + p.subtitle : "");
      if (unresolved > 0 && places.resolvedCount > 0 && resolvedListed.length === places.resolvedCount) {
        what = "places flooded at " + format.rise(rise);
        answer = await fetchJSON("/v1/region?format=geojson&trim=1" + viewport, {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ placeIds: resolvedListed.map((p) => p.id) }),
        });
        nameOf = (feature) => fullName(resolvedListed[feature.properties.index]);
        pinned = resolvedListed.map((p, index) => ({ index, lat: p.latitude, lon: p.longitude, name: fullName(p) }));
      } else {
        what = unresolved === 0 ? "places flooded at " + format.rise(rise)
          : places.resolvedCount === 0 ? "places this map cannot tell at " + format.rise(rise)
          : "places flooded at " + format.rise(rise) + " (" + format.count(places.resolvedCount) + ") or that this map cannot tell ("
            + format.count(unresolved) + ")";
        answer = await fetchJSON("/v1/region?format=geojson&flooded_at=" + rise + viewport, { method: "POST" });
        // The region's points come in flooding order; name the trimmed ones from the most populous.
        const names = new Map(places.places.map((p) => [p.longitude + "," + p.latitude, fullName(p)]));
        pinned = places.places.map((p) => ({ key: p.longitude + "," + p.latitude, lat: p.latitude, lon: p.longitude, name: names.get(p.longitude + "," + p.latitude) }));
        nameOf = (feature) => {
          const [lon, lat] = feature.geometry.coordinates;
          return names.get(lon + "," + lat) || format.coordinates(lat, lon);
        };
        isNamed = (feature) => names.has(feature.geometry.coordinates.join(","));
      }
    }
  } catch (error) {
    showMessage("Frame all failed. " + error.message);
    return;
  }
  const [west, south, east, north] = answer.bbox;
  // A box across ±180° has west > east: continue east past 180 so Leaflet frames it in one piece.
  const bounds = L.latLngBounds([south, west], [north, east < west ? east + 360 : east]);
  map.fitBounds(bounds, { ...fitOptions(map), animate: !prefersReducedMotion() });
  window.geoqLastRegion = answer;
  const region = answer.features.find((f) => f.properties.role === "region").properties;
  const trimmedFeatures = answer.features.filter((f) => f.properties.role === "trimmed");
  // Suggestions are left out by their index, flooded places (in flooding order) by their point.
  const leftIndices = new Set(trimmedFeatures.map((f) => f.properties.index));
  const leftPoints = new Set(trimmedFeatures.map((f) => f.geometry.coordinates.join(",")));
  const kept = pinned.filter((p) => (p.key === undefined ? !leftIndices.has(p.index) : !leftPoints.has(p.key)));
  showPins(map, kept.slice(0, MAX_PINS), east < west);
  const globe = shownGlobe();
  if (globe) {
    globe.frameBox(answer.bbox);
    globe.setPins(kept.slice(0, MAX_PINS));
  }
  // Named places first: among many flooded outliers, only the most populous have names at hand.
  const trimmed = trimmedFeatures
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
  // The summary in view within the panel (on a phone the sheet shows a third of it).
  $("panel").scrollTo({ top: Math.max(0, framed.offsetTop - 8), behavior: prefersReducedMotion() ? "auto" : "smooth" });
  clearMessage();
}

/** Pins on the places framed (replacing the last framing's); across ±180° east of it by 360°. */
function showPins(map, places, crossesAntimeridian) {
  if (pins) map.removeLayer(pins);
  // Above the place names (pane 450), so no name hides a pin.
  if (!map.getPane("framed-pins")) map.createPane("framed-pins").style.zIndex = 620;
  pins = L.layerGroup(places.map((place) => L.circleMarker(
    [place.lat, crossesAntimeridian && place.lon < 0 ? place.lon + 360 : place.lon],
    { pane: "framed-pins", radius: 7, weight: 2, color: "#0b2540", fillColor: "#ffd23f", fillOpacity: 1, className: "framed-pin", interactive: false },
  ).bindTooltip(place.name))).addTo(map);
}
