// geoq's page: the sea at any level over a slippy map or a relief globe, place search, framing.
// Everything it shows comes from geoq's own HTTP API (openapi.yaml); Leaflet and three.js come
// from the server, never a CDN. This module wires the page's parts (one module each) together.
import { prefersReducedMotion } from "./accessibility.js";
import { createAreaCard, isArea } from "./area-card.js";
import { createCompletion } from "./completion.js";
import { createDownloads } from "./downloads.js";
import { createFigures } from "./figures.js";
import { createFloodedPlaces } from "./flooded-places.js";
import { format } from "./format.js";
import { frameAll } from "./frame-all.js";
import { fragmentOf, parseFragment } from "./fragment.js";
import { distanceForZoom, zoomForDistance } from "./globe-camera.js";
import { createViewSwitch } from "./globe-view.js";
import { createMapOverlays } from "./map-labels.js";
import { createMap, createTiles } from "./map-view.js";
import { showMessage } from "./message.js";
import { loadPalette } from "./palette.js";
import { showPlace, showPoint } from "./place-card.js";
import { createProjectionSelect } from "./projection-select.js";
import { createResolutionNote } from "./resolution-note.js";
import { createSeaLevel } from "./sea-level.js";
import { positionOfRise, riseAtPosition } from "./sea-level-scale.js";
import { centreShowing, coveredPadding } from "./visible-area.js";

const $ = (id) => document.getElementById(id);

/** One line for what the link asked that the page cannot show as asked. */
function showLinkProblems({ rejected, clamped }) {
  const parts = [];
  if (clamped.length) parts.push("The link's " + clamped.join(", ") + ".");
  if (rejected.length) parts.push("The link's " + rejected.join(", ") + " could not be used; showing the default instead.");
  if (parts.length) showMessage(parts.join(" "), "info");
}

function start() {
  const initial = parseFragment(location.hash);
  showLinkProblems(initial);

  const map = createMap(initial.view);
  window.geoqMap = map;
  const overlays = createMapOverlays(map);
  createResolutionNote(map);

  const state = { rise: initial.view.rise, writtenHash: "", view: "map", hatch: initial.view.hatch, palette: null, globe: null, projection: null };

  // ---- The view in the URL, written a moment after the last change: browsers ignore history
  // updates that come too fast (a slider dragged or held down makes hundreds).
  let fragmentTimer = null;
  function scheduleFragment() {
    clearTimeout(fragmentTimer);
    fragmentTimer = setTimeout(writeFragment, 250);
  }

  function writeFragment() {
    let lat, lon, z;
    if (state.view === "globe" && state.globe) {
      const view = state.globe.view();
      lat = view.lat; lon = view.lon; z = zoomForDistance(view.distance);
    } else {
      const centre = map.getCenter().wrap();
      lat = centre.lat; lon = centre.lng; z = map.getZoom();
    }
    const hash = fragmentOf({ view: state.view, lat, lon, z, rise: state.rise, hatch: state.hatch, projection: state.projection });
    if (hash !== location.hash) history.replaceState(null, "", hash);
    state.writtenHash = hash;
  }

  window.addEventListener("hashchange", () => {
    if (location.hash === state.writtenHash) return;
    const parsed = parseFragment(location.hash), view = parsed.view;
    showLinkProblems(parsed);
    map.setView([view.lat, view.lon], view.z);
    setHatch(view.hatch);
    setRise(view.rise, "fragment");
    if (view.year !== null && view.scenario) projections.choose(view.year, view.scenario); else projections.release();
    viewSwitch.showView(view.view, view);
  });
  map.on("moveend", scheduleFragment);

  // ---- The map's tiles, the sea level and its figures ----------------------------------------
  const tiles = createTiles(map, () => state.hatch);
  const downloads = createDownloads(map, () => state.rise);
  const figures = createFigures((rise) => { downloads.update(); floodedPlaces.refresh(); areaCard.refresh(rise); });
  const setRise = createSeaLevel({ state, tiles, figures, onChange: scheduleFragment });
  const projections = createProjectionSelect({
    state, setRise, onChange: scheduleFragment,
    centre: () => { const centre = map.getCenter().wrap(); return { lat: centre.lat, lon: centre.lng }; },
  });
  map.on("moveend", () => projections.moved());

  // ---- Search, the place card, and going places -----------------------------------------------
  let placeMarker = null;
  const completion = createCompletion($("search-input"), $("suggestions"), {
    near: () => { const centre = map.getCenter().wrap(); return { lat: centre.lat, lon: centre.lng }; },
    onChoose: choosePlace,
  });
  /**
   * Goes to a place (a suggestion or a flooded place), marks it and shows its card; a country or
   * region is framed whole and its card shows the figures over it.
   */
  function choosePlace(place) {
    if (placeMarker) map.removeLayer(placeMarker);
    placeMarker = null;
    if (isArea(place)) {
      areaCard.show(place, state.rise);
    } else {
      areaCard.hide();
      goTo(place.latitude, place.longitude, Math.max(map.getZoom(), 7));
      placeMarker = L.marker([place.latitude, place.longitude], { title: place.title, keyboard: false }).addTo(map);
      showPlace(place, setRiseByButton);
    }
    // The card in view within the panel (on a phone the sheet shows a third of it).
    const panel = $("panel");
    panel.scrollTo({ top: Math.max(0, $("place").offsetTop - 8), behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }
  const floodedPlaces = createFloodedPlaces({ rise: () => state.rise, onChoose: choosePlace });
  const setRiseByButton = (rise) => { projections.release(); setRise(rise, "button"); };
  const shownGlobe = () => (state.view === "globe" && state.globe ? state.globe : null);
  const areaCard = createAreaCard({ map, shownGlobe });

  $("frame-all").addEventListener("click", () => frameAll({ map, completion, rise: state.rise, shownGlobe }));

  /**
   * Moves the map (and the globe, when shown) to a place, at the middle of the part of the map the
   * panel leaves uncovered: a flight, or a jump for reduced motion.
   */
  function goTo(lat, lon, zoom) {
    const centre = centreShowing(map, L.latLng(lat, lon), zoom);
    if (prefersReducedMotion()) map.setView(centre, zoom, { animate: false });
    else map.flyTo(centre, zoom, { duration: 1.2 });
    const globe = shownGlobe();
    if (globe) globe.flyTo({ lat, lon, distance: Math.min(globe.view().distance, distanceForZoom(zoom)) });
  }

  // A point clicked, on the map or the globe: its elevation and flooding at the sea shown.
  const readPoint = (lat, lon) => { areaCard.hide(); showPoint(lat, lon, setRiseByButton, state.rise); };
  map.on("click", (event) => readPoint(event.latlng.lat, event.latlng.lng));

  // ---- The palette, and hatching newly flooded land (for telling it without colour) ------------
  async function ensurePalette() {
    const palette = await loadPalette();
    if (palette) state.palette = palette;
  }

  const hatchBox = $("hatch");
  function setHatch(hatched) {
    if (state.hatch === hatched && hatchBox.checked === hatched) return;
    state.hatch = hatched;
    hatchBox.checked = hatched;
    document.body.classList.toggle("hatched", hatched);
    if (state.globe) state.globe.setHatched(hatched);
    if (state.view === "map" && state.tilesShownFor !== undefined) tiles.show(state.rise);
    scheduleFragment();
  }
  hatchBox.addEventListener("change", () => setHatch(hatchBox.checked));

  // ---- The sheet on a phone: a third of the screen, or more on demand ----------------------------
  const sheetToggle = $("sheet-toggle");
  sheetToggle.addEventListener("click", () => {
    const expanded = !document.body.classList.contains("sheet-expanded");
    document.body.classList.toggle("sheet-expanded", expanded);
    sheetToggle.setAttribute("aria-expanded", String(expanded));
    sheetToggle.textContent = expanded ? "Less" : "More";
  });

  // ---- Map | Globe ------------------------------------------------------------------------------
  const viewSwitch = createViewSwitch({ map, state, tiles, ensurePalette, onPoint: readPoint, onViewChange: scheduleFragment });

  // For the browser test and for people poking at the page from the console.
  window.geoqPage = { coveredPadding: () => coveredPadding(map), choosePlace, suggestions: () => completion.suggestions(), measureLabel: overlays.measure, riseAtPosition, positionOfRise, format, parseFragment, setRise: setRiseByButton, showView: viewSwitch.showView, ensureGlobe: viewSwitch.ensureGlobe };

  ensurePalette();
  setHatch(initial.view.hatch);
  if (initial.view.view === "globe") state.view = "globe";
  setRise(state.rise, "start");
  if (initial.view.year !== null && initial.view.scenario) projections.choose(initial.view.year, initial.view.scenario);
  if (initial.view.view === "globe") viewSwitch.showView("globe");
}

if (typeof window.L === "undefined") {
  showMessage("The map library did not load: the server has no Leaflet. Install the Debian package libjs-leaflet where geoq runs, then reload.");
} else {
  start();
}
