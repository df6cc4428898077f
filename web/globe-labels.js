// Place names on the globe: the same towns and the same rule as the map's (map-labels.js), the
// largest first, each written where its place faces the viewer and its name lies on the globe's disc, and
// clear of every name already written; redrawn after each frame the globe draws.
import { fetchJSON } from "./api.js";
import { labelMeasurer, placeLabels } from "./map-labels.js";

/** How many of the Earth's largest towns are tried. */
const CANDIDATES = 1000;

/** Names over the globe in `container` (#globe); returns {update()}, to call after each frame. */
export function createGlobeLabels(globe, container) {
  const layer = document.createElement("div");
  layer.className = "globe-labels";
  layer.setAttribute("aria-hidden", "true"); // the names repeat what the map and search say
  container.append(layer);
  const measure = labelMeasurer(layer);
  let towns = [], pins = [], scheduled = false;
  fetchJSON("/v1/places/largest?limit=" + CANDIDATES).then((answer) => { towns = answer.labels; update(); }).catch(() => {});

  function draw() {
    scheduled = false;
    const box = container.getBoundingClientRect(), view = globe.view();
    const position = (place) => {
      const p = globe.screenPosition(place.latitude, place.longitude);
      return p.visible ? { x: p.x - box.left, y: p.y - box.top } : null;
    };
    // The globe's disc on screen: its centre, where the view's centre is drawn, and its radius,
    // out to a point on the horizon (1 / distance is the cosine of the horizon's angle), less a
    // few pixels for the relief. A name is written only inside it, never over space.
    const horizon = Math.acos(1 / view.distance) * 180 / Math.PI;
    const centre = position({ latitude: view.lat, longitude: view.lon });
    const edge = globe.screenPosition(view.lat + horizon <= 90 ? view.lat + horizon : view.lat - horizon, view.lon);
    const radius = centre ? Math.hypot(edge.x - box.left - centre.x, edge.y - box.top - centre.y) - 4 : 0;
    const fits = (b) => centre && [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]]
      .every(([x, y]) => Math.hypot(x - centre.x, y - centre.y) < radius);
    const placed = placeLabels(towns, position, measure, box.width, box.height, fits);
    // The places Frame all framed, as on the map: a pin where each faces the viewer.
    const pinned = pins.map((pin) => ({ pin, at: position({ latitude: pin.lat, longitude: pin.lon }) })).filter(({ at }) => at)
      .map(({ pin, at }) => {
        const mark = document.createElement("span");
        mark.className = "globe-pin";
        mark.title = pin.name || "";
        mark.style.left = at.x + "px";
        mark.style.top = at.y + "px";
        return mark;
      });
    document.body.dataset.globePins = String(pinned.length);
    layer.replaceChildren(...pinned, ...placed.map(({ place, x, y }) => {
      const label = document.createElement("span");
      label.className = "place-label";
      label.textContent = place.name;
      label.dataset.placeId = String(place.id);
      label.style.left = x + "px";
      label.style.top = y + "px";
      return label;
    }));
    document.body.dataset.globeLabels = String(placed.length);
  }

  /** Redraws the names at the next animation frame (at most once a frame). */
  function update() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(draw);
  }
  /** Pins on places [{lat, lon, name}] (replacing the last ones), drawn with the names. */
  function setPins(places) {
    pins = places;
    update();
  }
  return { update, setPins };
}
