// The flat map (Leaflet, served by geoq from Debian's libjs-leaflet, as the global L) and its
// tiles: a new layer per sea level, the old one removed once the new one has loaded.
import { fetchJSON } from "./api.js";
import { prefersReducedMotion } from "./accessibility.js";
import { MAX_ZOOM, MIN_ZOOM } from "./fragment.js";
import { clearMessage, messageShown, showMessage } from "./message.js";

/** The map in #map at a view {lat, lon, z}. */
export function createMap(at) {
  const map = L.map("map", {
    center: [at.lat, at.lon], zoom: at.z,
    minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, worldCopyJump: true, zoomControl: true,
    // Less motion when the system asks for it: zooms and fades jump.
    zoomAnimation: !prefersReducedMotion(),
    fadeAnimation: !prefersReducedMotion(),
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  map.zoomControl.setPosition("topright");
  return map;
}

/** The map's tiles; `hatched()` says whether newly flooded land is hatched. Returns {show(rise)}. */
export function createTiles(map, hatched) {
  const tileLayers = [];
  let tileErrorShownFor = null;

  function tileURL(rise) { return "/v1/tiles/{z}/{x}/{y}.png?rise=" + rise + (hatched() ? "&hatch=1" : ""); }

  async function reportTileError(src) {
    if (tileErrorShownFor && messageShown()) return;
    let text = "The map tiles could not be loaded.";
    try {
      await fetchJSON(src);
    } catch (error) {
      text = "The map tiles could not be loaded. " + error.message;
    }
    tileErrorShownFor = text;
    showMessage(text);
  }

  return {
    /** Shows the tiles of a sea level. */
    show(rise) {
      const layer = L.tileLayer(tileURL(rise), {
        minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, maxNativeZoom: MAX_ZOOM,
        // One short line on a phone, where the attribution sits over the map.
        attribution: matchMedia("(max-width: 640px)").matches ? "ETOPO5 (NOAA) · GeoNames · geoq"
          : "Elevation ETOPO5 (NOAA) · places GeoNames · sea levels by geoq",
      });
      layer.geoqTileErrors = 0;
      layer.on("load", () => {
        // Only layers beneath this one go; a newer one still loading stays on top of it. A layer
        // with tiles that failed keeps the older ones beneath, so the map never goes blank.
        const index = tileLayers.indexOf(layer);
        if (index < 0 || layer.geoqTileErrors > 0) return;
        tileLayers.splice(0, index).forEach((old) => map.removeLayer(old));
        clearMessage(tileErrorShownFor);
      });
      layer.on("tileerror", (event) => { layer.geoqTileErrors += 1; reportTileError(event.tile.src); });
      tileLayers.push(layer);
      layer.addTo(map);
    },
  };
}
