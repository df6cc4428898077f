// Where the map is: land borders (data/borders.geojson, Natural Earth) drawn over the tiles, and
// place names from the gazetteer (GET /v1/places/largest), the largest first, each written only
// where it overlaps no name already written, so the largest places always show and none overlap.
import { fetchJSON } from "./api.js";

/** How many of the largest towns in view are tried, largest first. */
const CANDIDATES = 300;
/** Space kept clear around each name, in pixels. */
const LABEL_MARGIN = 3;

/** A name's box, {left, top, right, bottom}, for a label centred at (x, y) of width w, height h. */
function box(x, y, width, height) {
  return { left: x - width / 2 - LABEL_MARGIN, right: x + width / 2 + LABEL_MARGIN, top: y - height / 2 - LABEL_MARGIN, bottom: y + height / 2 + LABEL_MARGIN };
}
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Chooses the names to write: `places` largest first, `position(place)` its point on screen
 * ({x, y} or null when out of sight), `measure(name)` its width and height, within `width` ×
 * `height`. Greedy: a name is written when it fits inside and overlaps none written before it.
 */
export function placeLabels(places, position, measure, width, height, fits = () => true) {
  const placed = [];
  for (const place of places) {
    const point = position(place);
    if (!point) continue;
    const size = measure(place.name);
    const bounds = box(point.x, point.y, size.width, size.height);
    if (bounds.left < 0 || bounds.top < 0 || bounds.right > width || bounds.bottom > height || !fits(bounds)) continue;
    if (placed.some((other) => overlaps(other.bounds, bounds))) continue;
    placed.push({ place, x: point.x, y: point.y, bounds });
  }
  return placed;
}

/** Measures names in the labels' own type (the page's, from .place-label in geoq.css). */
export function labelMeasurer(container) {
  const probe = document.createElement("span");
  probe.className = "place-label";
  probe.style.visibility = "hidden";
  container.appendChild(probe);
  const style = getComputedStyle(probe);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font || `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const height = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  probe.remove();
  return (name) => ({ width: Math.ceil(context.measureText(name).width) + 2, height });
}

/** The map's box for /v1/places/largest, or "" for the whole Earth (360° or more in view). */
function boxOfView(map) {
  const bounds = map.getBounds();
  if (bounds.getEast() - bounds.getWest() >= 360) return "";
  const wrap = (lon) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const south = Math.max(-90, bounds.getSouth()), north = Math.min(90, bounds.getNorth());
  return [wrap(bounds.getWest()), south, wrap(bounds.getEast()), north].map((v) => v.toFixed(4)).join(",");
}

/** Borders and names over the Leaflet `map`. */
export function createMapOverlays(map) {
  map.createPane("borders").style.zIndex = 350; // above the tiles (200), below markers
  map.createPane("labels").style.zIndex = 450;
  for (const name of ["borders", "labels"]) map.getPane(name).style.pointerEvents = "none";

  fetchJSON("/static/borders.geojson").then((borders) => {
    L.geoJSON(borders, {
      renderer: L.canvas({ pane: "borders", padding: 0.5 }), interactive: false,
      style: { color: "#3d3d4a", weight: 1.4, opacity: 0.85 },
    }).addTo(map);
    document.body.dataset.borders = "loaded";
  }).catch(() => { /* the map is whole without them; the console has the failed request */ });

  const pane = map.getPane("labels");
  const measure = labelMeasurer(pane);
  let request = 0;
  async function update() {
    const ticket = ++request;
    const zoom = map.getZoom(), bbox = boxOfView(map);
    let answer;
    try {
      answer = await fetchJSON("/v1/places/largest?limit=" + CANDIDATES + (bbox ? "&bbox=" + bbox : ""));
    } catch (_) {
      return; // names are a help, not the map: a failed request leaves the last ones
    }
    if (ticket !== request) return;
    const size = map.getSize(), centre = map.getCenter().lng;
    const position = (place) => {
      // The copy of the place nearest the view's centre (the map repeats the world east and west).
      const lon = place.longitude + 360 * Math.round((centre - place.longitude) / 360);
      const point = map.latLngToContainerPoint([place.latitude, lon]);
      return { x: point.x, y: point.y };
    };
    const placed = placeLabels(answer.labels, position, measure, size.x, size.y);
    pane.replaceChildren(...placed.map(({ place, x, y }) => {
      const label = document.createElement("span");
      label.className = "place-label";
      label.textContent = place.name;
      label.dataset.placeId = String(place.id);
      const at = map.containerPointToLayerPoint([x, y]);
      label.style.left = at.x + "px";
      label.style.top = at.y + "px";
      return label;
    }));
    document.body.dataset.labelsZoom = String(zoom);
    document.body.dataset.labelsView = bbox;
  }
  map.on("zoomstart", () => { pane.style.visibility = "hidden"; });
  map.on("moveend", () => { pane.style.visibility = ""; update(); });
  update();
  return { update, measure };
}
