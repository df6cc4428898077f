// Map | Globe: the switch between the flat map and the globe (globe.js), which is made on first
// use: its modules, three.js and the relief are fetched only then. Without WebGL (or three.js,
// or the palette) the page says so in one line and stays on the map.
import { prefersReducedMotion } from "./accessibility.js";
import { distanceForZoom, zoomForDistance } from "./globe-camera.js";
import { createGlobeLabels } from "./globe-labels.js";
import { showMessage } from "./message.js";

const $ = (id) => document.getElementById(id);

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error("the server has no " + src));
    document.head.append(script);
  });
}

/**
 * The switch. `state` is the page's ({view, rise, hatch, palette, globe, tilesShownFor});
 * `tiles` the map's (map-view.js); `ensurePalette()` loads the palette into state.palette;
 * `onPoint(lat, lon)` reads a point clicked on the globe; `onViewChange()` follows the view.
 * Returns {showView(name, at), ensureGlobe()}.
 */
export function createViewSwitch({ map, state, tiles, ensurePalette, onPoint, onViewChange }) {
  const mapButton = $("view-map"), globeButton = $("view-globe");
  const exaggeration = $("exaggeration"), exaggerationLabel = $("exaggeration-label");
  let globeLoading = null;

  /** The globe, created on first use. */
  function ensureGlobe() {
    if (!globeLoading) {
      globeLoading = (async () => {
        const started = performance.now();
        const Globe = await import("./globe.js");
        const unsupported = Globe.unsupportedReason();
        if (unsupported) throw new Error(unsupported);
        if (!window.THREE) {
          try { await loadScript("/three/three.min.js"); }
          catch (_) { throw new Error("The globe needs three.js: install the Debian package libjs-three where geoq runs; the map stays."); }
        }
        if (!state.palette) await ensurePalette();
        if (!state.palette) throw new Error("The globe has no colours; the map stays.");
        const relief = await Globe.loadRelief("/v1/relief");
        const centre = map.getCenter().wrap();
        let labels = null;
        const globe = Globe.create($("globe"), {
          palette: state.palette, relief, rise: state.rise, exaggeration: Number(exaggeration.value), hatched: state.hatch,
          view: { lat: centre.lat, lon: centre.lng, distance: distanceForZoom(map.getZoom()) },
          reducedMotion: prefersReducedMotion, onClick: onPoint,
          onMove: (moved) => { onViewChange(moved); if (labels) labels.update(); },
        });
        labels = createGlobeLabels(globe, $("globe"));
        globe.setPins = labels.setPins;
        globe.reliefBytes = relief.bytes;
        globe.firstFrameMs = performance.now() - started;
        window.geoqGlobe = globe;
        return globe;
      })();
    }
    return globeLoading;
  }

  /** Shows "map" or "globe" (at a view {lat, lon, z} when given); the globe's failure keeps the map. */
  async function showView(name, at) {
    if (name === "globe") {
      let globe;
      try {
        globeButton.setAttribute("aria-busy", "true");
        globe = await ensureGlobe();
      } catch (error) {
        globeLoading = null;
        showMessage(error.message);
        name = "map";
      } finally {
        globeButton.removeAttribute("aria-busy");
      }
      if (globe) {
        state.globe = globe;
        if (at) globe.flyTo({ lat: at.lat, lon: at.lon, distance: distanceForZoom(at.z) });
        globe.setRise(state.rise);
      }
    }
    const globeShown = name === "globe";
    if (!globeShown && state.view === "globe" && state.globe) {
      const view = state.globe.view();
      map.setView([view.lat, view.lon], zoomForDistance(view.distance), { animate: false });
    }
    state.view = name;
    $("map").hidden = globeShown;
    $("globe").hidden = !globeShown;
    $("exaggeration-row").hidden = !globeShown;
    mapButton.setAttribute("aria-pressed", String(!globeShown));
    globeButton.setAttribute("aria-pressed", String(globeShown));
    document.body.dataset.view = name;
    if (globeShown) state.globe.resize();
    else {
      map.invalidateSize();
      if (state.tilesShownFor !== state.rise) { state.tilesShownFor = state.rise; tiles.show(state.rise); }
    }
    onViewChange();
  }

  mapButton.addEventListener("click", () => showView("map"));
  globeButton.addEventListener("click", () => showView("globe"));
  exaggeration.addEventListener("input", () => {
    exaggerationLabel.textContent = "\u00d7" + exaggeration.value;
    if (state.globe) state.globe.setExaggeration(Number(exaggeration.value));
  });

  return { showView, ensureGlobe };
}
