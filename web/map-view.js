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

/** How often, and how many times at most, a tile sent `Cache-Control: no-store` is asked for
 * again while it stays in view: the service sends it so while on-demand tiles under it still load
 * (or their source is offline), and draws it from them once they are in. */
export const TILE_RETRY_MS = 2000;
export const TILE_RETRIES = 5;

/** A Leaflet tile layer whose tiles are fetched, so that their headers can be read: a final tile is
 * then shown from the browser's cache by its URL, as any tile is; one sent `no-store` is shown from
 * the bytes fetched and asked for again while in view (`TILE_RETRY_MS`, `TILE_RETRIES`). Every
 * tile's URL is in its `data-src`. */
const RetryingTileLayer = L.TileLayer.extend({
  createTile(coords, done) {
    const tile = document.createElement("img");
    tile.alt = "";
    tile.setAttribute("role", "presentation");
    const url = this.getTileUrl(coords), key = this._tileCoordsToKey(coords);
    tile.dataset.src = new URL(url, document.baseURI).href;
    const inView = () => this._map && this._tiles[key] && this._tiles[key].el === tile;
    const ask = async (attempt) => {
      let response, bytes;
      try {
        response = await fetch(url);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        bytes = await response.blob();
      } catch (error) {
        // The first answer failed: Leaflet reports it (the message fetches the URL for its
        // words); a later one keeps the drawing shown.
        if (attempt === 0) { tile.onerror = () => done(error, tile); tile.src = url; }
        return;
      }
      const again = /no-store/i.test(response.headers.get("Cache-Control") || "");
      const shown = tile.geoqObjectURL;
      tile.onload = () => {
        if (shown) URL.revokeObjectURL(shown);
        if (attempt === 0) done(null, tile);
      };
      tile.onerror = () => { if (attempt === 0) done(new Error("not an image"), tile); };
      if (again) {
        tile.geoqObjectURL = URL.createObjectURL(bytes);
        tile.src = tile.geoqObjectURL;
        if (attempt < TILE_RETRIES) setTimeout(() => { if (inView()) ask(attempt + 1); }, TILE_RETRY_MS);
      } else {
        tile.geoqObjectURL = undefined;
        tile.src = url;
      }
    };
    ask(0);
    return tile;
  },
});

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
      const layer = new RetryingTileLayer(tileURL(rise), {
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
      layer.on("tileerror", (event) => { layer.geoqTileErrors += 1; reportTileError(event.tile.dataset.src || event.tile.src); });
      layer.on("tileunload", (event) => { if (event.tile.geoqObjectURL) URL.revokeObjectURL(event.tile.geoqObjectURL); });
      tileLayers.push(layer);
      layer.addTo(map);
    },
  };
}
