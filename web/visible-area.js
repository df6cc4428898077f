// The part of the map the panel does not cover: the panel floats over the map's left side on a
// wide screen, and is a sheet along the bottom on a phone. Framing and going to a place use it,
// so that nothing framed or chosen ends up behind the panel.

const MARGIN = 24;
// Leaflet's zoom buttons, top right: framed pins stay clear of them.
const ZOOM_CONTROL = 48;

/** Pixels of the map covered on each side (the panel's box, plus a margin), {top, right, bottom, left}. */
export function coveredPadding(map) {
  const mapBox = map.getContainer().getBoundingClientRect();
  const panel = document.getElementById("panel").getBoundingClientRect();
  const padding = { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN };
  if (panel.width === 0 || panel.height === 0) return padding;
  // A sheet spans most of the width and covers from its top down; a side panel from its right edge.
  if (panel.width >= mapBox.width * 0.6) padding.bottom = Math.max(0, mapBox.bottom - panel.top) + MARGIN;
  else padding.left = Math.max(0, panel.right - mapBox.left) + MARGIN;
  return padding;
}

/** Leaflet's fitBounds options that keep the bounds inside the uncovered part, clear of the zoom buttons. */
export function fitOptions(map) {
  const padding = coveredPadding(map);
  return { paddingTopLeft: [padding.left, padding.top], paddingBottomRight: [padding.right + ZOOM_CONTROL, padding.bottom] };
}

/** The size fitOptions leaves for the bounds, in pixels {x, y}: the viewport to ask /v1/region for. */
export function visibleSize(map) {
  const size = map.getSize(), { paddingTopLeft: [left, top], paddingBottomRight: [right, bottom] } = fitOptions(map);
  // Whole pixels: the panel's box may end on a fraction of one, the API takes integers.
  return { x: Math.max(1, Math.floor(size.x - left - right)), y: Math.max(1, Math.floor(size.y - top - bottom)) };
}

/** The map centre that puts `latlng` at the middle of the uncovered part, at `zoom`. */
export function centreShowing(map, latlng, zoom) {
  const padding = coveredPadding(map);
  const offset = L.point((padding.left - padding.right) / 2, (padding.top - padding.bottom) / 2);
  return map.unproject(map.project(latlng, zoom).subtract(offset), zoom);
}

/** The point at the middle of the part of the map the panel leaves uncovered (the view's centre as seen). */
export function shownCentre(map) {
  const padding = coveredPadding(map), zoom = map.getZoom();
  const offset = L.point((padding.left - padding.right) / 2, (padding.top - padding.bottom) / 2);
  return map.unproject(map.project(map.getCenter(), zoom).add(offset), zoom);
}
