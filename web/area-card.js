// A country or region chosen in the search box: the map (and the globe, when shown) frames its
// outline's box, and the place card shows the figures over its outline at the sea level chosen,
// from /v1/flood?place= (the numbers `geoq flood --place` gives), refreshed at each new level.
import { prefersReducedMotion } from "./accessibility.js";
import { fetchJSON } from "./api.js";
import { showResolvedFigure } from "./figures.js";
import { format } from "./format.js";
import { clearMessage, showMessage } from "./message.js";
import { fitOptions } from "./visible-area.js";

const $ = (id) => document.getElementById(id);

/** Whether a suggestion is an area (a country or a first-level region), not a point. */
export function isArea(place) {
  return place.kind === "country" || place.kind === "region";
}

/** The address of an area's figures: its name, its kind, and its own point as the place to rank near, so a namesake elsewhere never answers. */
export function areaFiguresURL(place, rise) {
  return "/v1/flood?rise=" + rise + "&limit=5&place=" + encodeURIComponent(place.title) + "&kinds=" + place.kind +
    "&lat=" + place.latitude.toFixed(4) + "&lon=" + place.longitude.toFixed(4);
}

/**
 * The area card on `map` (Leaflet); `shownGlobe()` gives the globe when shown. Returns
 * {show(place, rise), refresh(rise), hide()}: a newer load makes an older one's answer stale.
 */
export function createAreaCard({ map, shownGlobe }) {
  let area = null, latest = 0, failure = null;

  function frame(bbox) {
    const [west, south, east, north] = bbox;
    // A box across ±180° has west > east: continue east past 180 so Leaflet frames it in one piece.
    map.fitBounds(L.latLngBounds([south, west], [north, east < west ? east + 360 : east]), { ...fitOptions(map), animate: !prefersReducedMotion() });
    const globe = shownGlobe();
    if (globe) globe.frameBox(bbox);
  }

  async function load(rise, framing) {
    const request = ++latest, chosen = area;
    try {
      const answer = await fetchJSON(areaFiguresURL(chosen, rise));
      if (request !== latest || chosen !== area) return; // another place or level since
      if (answer.place.id !== chosen.id) throw new Error("the service answered for " + answer.place.title + ", not " + chosen.title + ".");
      if (framing) frame(answer.area.bbox);
      $("area-flooded-land").textContent = format.km2(answer.newlyFloodedLandKm2);
      $("area-land-fraction").textContent = format.percent(answer.landFloodedFraction);
      const places = answer.floodedPlaces;
      if (places) {
        showResolvedFigure($("area-population"), places.population, places.resolvedPopulation);
        showResolvedFigure($("area-place-count"), places.count, places.resolvedCount);
      } else {
        for (const id of ["area-population", "area-place-count"]) $(id).textContent = "—";
      }
      $("area-rise").textContent = format.rise(rise);
      $("place-source").textContent = answer.source ? "Over its outline, from " + format.plainSource(answer.source) : "";
      document.body.dataset.areaRise = String(rise);
      clearMessage(failure);
    } catch (error) {
      if (request !== latest || chosen !== area) return;
      for (const id of ["area-flooded-land", "area-land-fraction", "area-population", "area-place-count"]) $(id).textContent = "—";
      failure = "The figures for " + chosen.title + " could not be loaded. " + error.message;
      showMessage(failure);
    }
  }

  return {
    /** Frames the area and shows its card with its figures at `rise`. */
    show(place, rise) {
      area = place;
      $("place").hidden = false;
      $("place-title").textContent = place.title;
      $("place-subtitle").textContent = place.kind === "country" ? "Country" : "Region · " + place.subtitle;
      $("place-point").hidden = true;
      $("place-set-rise").hidden = true;
      $("place-area").hidden = false;
      $("place-source").textContent = "";
      delete document.body.dataset.areaRise;
      load(rise, true);
    },
    /** The figures of the area shown (if any) at a new sea level. */
    refresh(rise) { if (area) load(rise, false); },
    /** The card goes back to a point's (a town chosen, a point clicked). */
    hide() {
      area = null;
      latest++;
      $("place-area").hidden = true;
      $("place-point").hidden = false;
      delete document.body.dataset.areaRise;
    },
  };
}
