// The view in the link's fragment: #view=globe&rise=476&lat=35.68&lon=139.69&z=6&hatch=1, and
// &year=2100&scenario=SSP2-4.5 while the sea follows a projection.
import { SCENARIOS, YEAR_MAX, YEAR_MIN } from "./projection-select.js";
import { RISE_MAX, RISE_MIN } from "./sea-level-scale.js";

// Street scale wherever a fine model answers; beyond its own cells the note says they are the model's.
export const MIN_ZOOM = 1, MAX_ZOOM = 16;
export const DEFAULT_VIEW = { view: "map", rise: 0, lat: 20, lon: 0, z: 2, hatch: false };

/** The view a fragment asks for; each part that is missing or malformed falls back to its default. */
export function parseFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const rejected = [], clamped = [];
  function number(name, fallback, valid) {
    if (!params.has(name)) return fallback;
    const text = params.get(name).trim();
    const value = text === "" ? NaN : Number(text);
    if (Number.isFinite(value) && valid(value)) return value;
    rejected.push(name + "=" + params.get(name));
    return fallback;
  }
  let viewName = DEFAULT_VIEW.view;
  if (params.has("view")) {
    if (["map", "globe"].includes(params.get("view"))) viewName = params.get("view");
    else rejected.push("view=" + params.get("view"));
  }
  const view = {
    view: viewName,
    hatch: params.get("hatch") === "1",
    rise: number("rise", DEFAULT_VIEW.rise, (v) => v >= RISE_MIN && v <= RISE_MAX),
    lat: number("lat", DEFAULT_VIEW.lat, (v) => v >= -85 && v <= 85),
    lon: number("lon", DEFAULT_VIEW.lon, (v) => v >= -180 && v <= 180),
    z: zoomLevel(),
    year: number("year", null, (v) => Number.isInteger(v) && v >= YEAR_MIN && v <= YEAR_MAX),
    scenario: null,
  };
  if (params.has("scenario")) {
    if (SCENARIOS.includes(params.get("scenario"))) view.scenario = params.get("scenario");
    else rejected.push("scenario=" + params.get("scenario"));
  }
  return { view, rejected, clamped };

  // A level past the map's limits is the nearest it can show, said once (never the world instead).
  function zoomLevel() {
    const z = number("z", DEFAULT_VIEW.z, (v) => Number.isFinite(v));
    const level = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(z)));
    if (level !== z) clamped.push("z=" + params.get("z") + " is past the map's levels (" + MIN_ZOOM + " to " + MAX_ZOOM + "); showing z=" + level);
    return level;
  }
}

/** The fragment for a view: its name ("map" or "globe"), centre, zoom level, sea level and hatching. */
export function fragmentOf({ view, lat, lon, z, rise, hatch, projection }) {
  return (view === "globe" ? "#view=globe&" : "#") + "rise=" + rise + "&lat=" + lat.toFixed(4) + "&lon=" + lon.toFixed(4) +
    "&z=" + z + (hatch ? "&hatch=1" : "") +
    (projection ? "&year=" + projection.year + "&scenario=" + encodeURIComponent(projection.scenario) : "");
}
