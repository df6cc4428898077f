// What the page lets people take away: the current view as a PNG map with its legend, and the
// land newly under water in the view as GeoJSON (both from /v1/flood, as geoq flood writes them).

const $ = (id) => document.getElementById(id);

/** The view's box for the API, "west,south,east,north", longitudes within ±180 (west > east across ±180°). */
export function viewBox(map) {
  const bounds = map.getBounds();
  const south = Math.max(-90, bounds.getSouth()), north = Math.min(90, bounds.getNorth());
  if (bounds.getEast() - bounds.getWest() >= 360) return [-180, south, 180, north].map((v) => +v.toFixed(4)).join(",");
  const wrap = (lon) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return [wrap(bounds.getWest()), south, wrap(bounds.getEast()), north].map((v) => +v.toFixed(4)).join(",");
}

/** Keeps the download links on the view and level shown; `rise()` gives the level. Returns {update()}. */
export function createDownloads(map, rise) {
  const png = $("download-png"), geojson = $("download-geojson");
  function update() {
    const box = viewBox(map), size = map.getSize(), level = rise();
    const [west, south, east, north] = box.split(",").map(Number);
    const span = (east > west ? east - west : east + 360 - west) || 360;
    // A plate carrée map of the box, as wide as the view (at most 4096 pixels), tall in proportion.
    const width = Math.max(256, Math.min(4096, size.x));
    const height = Math.max(128, Math.min(4096, Math.round(width * (north - south) / span)));
    const name = "geoq-" + (level >= 0 ? "+" : "") + level + "m";
    png.href = "/v1/flood?format=png&legend=true&rise=" + level + "&bbox=" + box + "&width=" + width + "&height=" + height;
    png.download = name + ".png";
    geojson.href = "/v1/flood?format=geojson&rise=" + level + "&bbox=" + box;
    geojson.download = name + "-flooded-land.geojson";
  }
  map.on("moveend", update);
  update();
  return { update };
}
