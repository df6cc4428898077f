// geoq's page: the sea at any level over a slippy map, place search, framing. Everything it shows
// comes from geoq's own HTTP API (openapi.yaml); Leaflet comes from the server, never a CDN.
"use strict";

(function () {
  /** The API writes levels with ASCII hyphens ("from -2 m"); the page shows minus signs, as everywhere else. */
  function typographicMinus(text) {
    return text.replace(/(^|[\s(])-(?=\d)/g, "$1\u2212");
  }

  const RISE_MIN = -11000, RISE_MAX = 9000;
  const DEFAULT_VIEW = { view: "map", rise: 0, lat: 20, lon: 0, z: 2, hatch: false };
  const MIN_ZOOM = 1, MAX_ZOOM = 10;
  const TYPING_DELAY_MS = 120, SLIDING_DELAY_MS = 150;

  // The slider's positions: metre steps near today's sea level, coarser ones far from it.
  // Each segment runs from `from` to `to` in steps of `step` metres.
  const SLIDER_SEGMENTS = [
    { from: -11000, to: -2000, step: 100 }, { from: -2000, to: -500, step: 10 }, { from: -500, to: -100, step: 2 },
    { from: -100, to: 100, step: 1 }, { from: 100, to: 500, step: 2 }, { from: 500, to: 2000, step: 10 },
    { from: 2000, to: 9000, step: 100 },
  ];
  const SLIDER_POSITIONS = SLIDER_SEGMENTS.reduce((sum, s) => sum + (s.to - s.from) / s.step, 0);

  /** The rise at a slider position. */
  function riseAtPosition(position) {
    let remaining = position;
    for (const segment of SLIDER_SEGMENTS) {
      const steps = (segment.to - segment.from) / segment.step;
      if (remaining <= steps) return segment.from + remaining * segment.step;
      remaining -= steps;
    }
    return RISE_MAX;
  }

  /** The slider position nearest a rise. */
  function positionOfRise(rise) {
    let base = 0;
    for (const segment of SLIDER_SEGMENTS) {
      const steps = (segment.to - segment.from) / segment.step;
      if (rise <= segment.to) return base + Math.max(0, Math.round((rise - segment.from) / segment.step));
      base += steps;
    }
    return SLIDER_POSITIONS;
  }

  // Figures as the page shows them (the browser test formats the API's numbers the same way).
  const format = {
    rise: (r) => (r > 0 ? "+" : r < 0 ? "\u2212" : "+") + Math.abs(r).toLocaleString("en-US") + " m",
    km2: (value) => Math.round(value).toLocaleString("en-US") + " km\u00b2",
    percent(fraction) {
      const value = fraction * 100;
      return value.toFixed(value >= 10 ? 1 : value >= 1 ? 2 : 3) + " %";
    },
    count: (value) => Math.round(value).toLocaleString("en-US"),
    metres: (value) => (value < 0 ? "\u2212" : "") + Math.abs(Math.round(value)).toLocaleString("en-US") + " m",
    coordinates: (lat, lon) => Math.abs(lat).toFixed(2) + "\u00b0" + (lat < 0 ? "S" : "N") + ", " +
      Math.abs(lon).toFixed(2) + "\u00b0" + (lon < 0 ? "W" : "E"),
  };

  const $ = (id) => document.getElementById(id);
  const messageBox = $("message");

  /** Shows a problem (or, with `info`, a note) above the map until the next one or a success. */
  function showMessage(text, kind) {
    messageBox.textContent = text;
    messageBox.className = kind === "info" ? "info" : "";
    messageBox.hidden = false;
  }
  function clearMessage(onlyIfText) {
    if (onlyIfText === undefined || messageBox.textContent === onlyIfText) messageBox.hidden = true;
  }

  /** Fetches JSON from the API; a non-2xx answer becomes an Error with the server's own message. */
  async function fetchJSON(url, options) {
    let response;
    try {
      response = await fetch(url, options);
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw new Error("The geoq service cannot be reached (" + error.message + ").");
    }
    const text = await response.text();
    let body = null;
    try { body = JSON.parse(text); } catch (_) { /* reported below */ }
    if (!response.ok) {
      const detail = body && body.error && body.error.message ? body.error.message : text.slice(0, 200) || response.statusText;
      throw new Error("The server answered " + response.status + ": " + detail);
    }
    if (body === null) throw new Error("The server's answer to " + url.split("?")[0] + " was not JSON.");
    return body;
  }

  if (typeof window.L === "undefined") {
    showMessage("The map library did not load: the server has no Leaflet. Install the Debian package libjs-leaflet where geoq runs, then reload.");
    return;
  }

  // ---- The view in the URL: #rise=476&lat=35.68&lon=139.69&z=6 -------------------------------

  /** The view a fragment asks for; each part that is missing or malformed falls back to its default. */
  function parseFragment(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    const rejected = [];
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
      z: number("z", DEFAULT_VIEW.z, (v) => Number.isInteger(v) && v >= MIN_ZOOM && v <= MAX_ZOOM),
    };
    return { view, rejected };
  }

  const initial = parseFragment(location.hash);
  if (initial.rejected.length) {
    showMessage("The link's " + initial.rejected.join(", ") + " could not be used; showing the default instead.", "info");
  }

  const map = L.map("map", {
    center: [initial.view.lat, initial.view.lon], zoom: initial.view.z,
    minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, worldCopyJump: true, zoomControl: true,
    // Less motion when the system asks for it: zooms and fades jump.
    zoomAnimation: !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    fadeAnimation: !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  map.zoomControl.setPosition("topright");
  window.geoqMap = map;

  const state = { rise: initial.view.rise, writtenHash: "", view: "map", hatch: initial.view.hatch, palette: null, globe: null };

  /** The user asked the system for less motion: no flights, the view jumps. */
  const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // Written a moment after the last change: browsers ignore history updates that come too fast
  // (a slider dragged or held down makes hundreds).
  let fragmentTimer = null;
  function scheduleFragment() {
    clearTimeout(fragmentTimer);
    fragmentTimer = setTimeout(writeFragment, 250);
  }

  function writeFragment() {
    let lat, lon, z;
    if (state.view === "globe" && state.globe) {
      const view = state.globe.view();
      lat = view.lat; lon = view.lon; z = GeoqGlobe.zoomForDistance(view.distance);
    } else {
      const centre = map.getCenter().wrap();
      lat = centre.lat; lon = centre.lng; z = map.getZoom();
    }
    const hash = (state.view === "globe" ? "#view=globe&" : "#") + "rise=" + state.rise + "&lat=" + lat.toFixed(4) + "&lon=" + lon.toFixed(4) +
      "&z=" + z + (state.hatch ? "&hatch=1" : "");
    if (hash !== location.hash) history.replaceState(null, "", hash);
    state.writtenHash = hash;
  }

  window.addEventListener("hashchange", () => {
    if (location.hash === state.writtenHash) return;
    const { view, rejected } = parseFragment(location.hash);
    if (rejected.length) showMessage("The link's " + rejected.join(", ") + " could not be used; showing the default instead.", "info");
    map.setView([view.lat, view.lon], view.z);
    setHatch(view.hatch);
    setRise(view.rise, "fragment");
    showView(view.view, view);
  });
  map.on("moveend", scheduleFragment);

  // ---- Tiles: a new layer per sea level, the old one removed once the new one has loaded ------

  const tileLayers = [];
  let tileErrorShownFor = null;

  function tileURL(rise) { return "/v1/tiles/{z}/{x}/{y}.png?rise=" + rise + (state.hatch ? "&hatch=1" : ""); }

  function showTiles(rise) {
    const layer = L.tileLayer(tileURL(rise), {
      minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM, maxNativeZoom: MAX_ZOOM,
      attribution: "Elevation ETOPO5 (NOAA) · places GeoNames · sea levels by geoq",
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
  }

  async function reportTileError(src) {
    if (tileErrorShownFor && !messageBox.hidden) return;
    let text = "The map tiles could not be loaded.";
    try {
      await fetchJSON(src);
    } catch (error) {
      text = "The map tiles could not be loaded. " + error.message;
    }
    tileErrorShownFor = text;
    showMessage(text);
  }

  // ---- Sea level: slider, number field, figures ------------------------------------------------

  const slider = $("rise-slider"), numberField = $("rise-number"), riseLabel = $("rise-label");
  const numberError = $("rise-number-error");
  slider.max = String(SLIDER_POSITIONS);
  let tileTimer = null, statsTimer = null, statsRequest = 0, statsFailure = null;

  function setRise(rise, source) {
    state.rise = rise;
    riseLabel.textContent = format.rise(rise);
    slider.setAttribute("aria-valuetext", format.rise(rise));
    if (source !== "slider") slider.value = String(positionOfRise(rise));
    if (source !== "number") numberField.value = String(rise);
    numberError.textContent = "";
    const delay = source === "slider" ? SLIDING_DELAY_MS : 0;
    clearTimeout(tileTimer);
    // The globe classifies on the graphics card: a new level there is a uniform, not a request.
    if (state.view === "globe") { if (state.globe) state.globe.setRise(rise); }
    else tileTimer = setTimeout(() => showTiles(rise), delay);
    state.tilesShownFor = state.view === "globe" ? null : rise;
    clearTimeout(statsTimer);
    statsTimer = setTimeout(() => loadStats(rise), delay);
    scheduleFragment();
  }

  slider.addEventListener("input", () => setRise(riseAtPosition(Number(slider.value)), "slider"));
  numberField.addEventListener("change", () => {
    const text = numberField.value.trim();
    const value = text === "" ? NaN : Number(text);
    if (!Number.isFinite(value) || value < RISE_MIN || value > RISE_MAX) {
      numberError.textContent = "Enter metres from \u221211000 to 9000.";
      return;
    }
    setRise(value, "number");
  });

  async function loadStats(rise) {
    const request = ++statsRequest;
    try {
      const [flood, places] = await Promise.all([
        fetchJSON("/v1/flood?rise=" + rise + "&limit=1"),
        fetchJSON("/v1/flood/places?rise=" + rise + "&limit=5"),
      ]);
      if (request !== statsRequest) return; // a newer sea level was asked for meanwhile
      $("stat-flooded-land").textContent = format.km2(flood.newlyFloodedLandKm2);
      $("stat-land-fraction").textContent = format.percent(flood.landFloodedFraction);
      $("stat-population").textContent = format.count(places.population);
      $("stat-place-count").textContent = format.count(places.count);
      document.querySelectorAll(".exposed-row").forEach((e) => { e.hidden = rise >= 0; });
      $("stat-exposed").textContent = format.km2(flood.exposedSeaFloorKm2);
      const largest = $("largest-flooded");
      largest.textContent = places.places.length ? "Largest: " + places.places.map((p) => p.name).join(", ") : "";
      document.body.dataset.statsRise = String(rise);
      clearMessage(statsFailure);
    } catch (error) {
      if (request !== statsRequest) return;
      for (const id of ["stat-flooded-land", "stat-land-fraction", "stat-population", "stat-place-count"]) $(id).textContent = "—";
      $("largest-flooded").textContent = "";
      statsFailure = "The figures for " + format.rise(rise) + " could not be loaded. " + error.message;
      showMessage(statsFailure);
    }
  }

  // ---- Search with suggestions -----------------------------------------------------------------

  const searchInput = $("search-input"), list = $("suggestions");
  const search = { suggestions: [], active: -1, request: 0, timer: null, controller: null, shownFor: "", failure: null };
  let placeMarker = null;

  function closeList() {
    list.hidden = true;
    searchInput.setAttribute("aria-expanded", "false");
    searchInput.removeAttribute("aria-activedescendant");
  }

  /** The title with its matched parts in <mark>; highlight ranges count UTF-16 units, as JS strings do. */
  function highlighted(title, ranges) {
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const range of [...ranges].sort((a, b) => a.location - b.location)) {
      const start = Math.max(at, range.location), end = Math.min(title.length, range.location + range.length);
      if (end <= start) continue;
      fragment.append(title.slice(at, start));
      const mark = document.createElement("mark");
      mark.textContent = title.slice(start, end);
      fragment.append(mark);
      at = end;
    }
    fragment.append(title.slice(at));
    return fragment;
  }

  function renderSuggestions() {
    list.replaceChildren();
    if (!search.suggestions.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.setAttribute("role", "option");
      empty.setAttribute("aria-disabled", "true");
      empty.textContent = "No places, postal codes or airports found";
      list.append(empty);
    }
    search.suggestions.forEach((suggestion, index) => {
      const item = document.createElement("li");
      item.id = "suggestion-" + index;
      item.dataset.placeId = String(suggestion.id);
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", String(index === search.active));
      const name = document.createElement("span");
      name.className = "name";
      const title = document.createElement("span");
      title.className = "title";
      title.append(highlighted(suggestion.title, suggestion.titleHighlights || []));
      // Postal codes and airports say what they are; towns are most answers and go unmarked.
      if (suggestion.kind && suggestion.kind !== "city") {
        const kind = document.createElement("span");
        kind.className = "kind kind-" + suggestion.kind;
        kind.textContent = suggestion.kind === "airport" ? "✈ " + (suggestion.code || "airport") : "postal code";
        title.append(" ", kind);
      }
      const subtitle = document.createElement("span");
      subtitle.className = "subtitle";
      subtitle.textContent = suggestion.subtitle + (suggestion.matchedAlias ? " · “" + suggestion.matchedAlias + "”" : "");
      name.append(title, subtitle);
      const flooding = document.createElement("span");
      flooding.className = "flooding";
      flooding.textContent = typographicMinus(suggestion.flooding);
      item.append(name, flooding);
      // mousedown, not click: it comes before the input's blur closes the list.
      item.addEventListener("mousedown", (event) => { event.preventDefault(); choose(index); });
      list.append(item);
    });
    list.hidden = false;
    searchInput.setAttribute("aria-expanded", "true");
    if (search.active >= 0) searchInput.setAttribute("aria-activedescendant", "suggestion-" + search.active);
    else searchInput.removeAttribute("aria-activedescendant");
  }

  function moveActive(delta) {
    if (!search.suggestions.length) return;
    const count = search.suggestions.length;
    search.active = search.active < 0 ? (delta > 0 ? 0 : count - 1) : (search.active + delta + count) % count;
    renderSuggestions();
    const item = $("suggestion-" + search.active);
    if (item) item.scrollIntoView({ block: "nearest" });
  }

  async function suggest(query) {
    const request = ++search.request;
    if (search.controller) search.controller.abort();
    if (!query.trim()) {
      search.suggestions = [];
      search.shownFor = "";
      closeList();
      return;
    }
    search.controller = new AbortController();
    const centre = map.getCenter().wrap();
    const url = "/v1/complete?limit=8&q=" + encodeURIComponent(query) +
      "&lat=" + Math.max(-90, Math.min(90, centre.lat)).toFixed(4) + "&lon=" + centre.lng.toFixed(4);
    try {
      const answer = await fetchJSON(url, { signal: search.controller.signal });
      if (request !== search.request) return; // typed on since: this answer is stale
      search.suggestions = answer.completions;
      search.active = -1;
      search.shownFor = query;
      renderSuggestions();
      clearMessage(search.failure);
    } catch (error) {
      if (error.name === "AbortError" || request !== search.request) return;
      search.suggestions = [];
      closeList();
      search.failure = "Search failed. " + error.message;
      showMessage(search.failure);
    }
  }

  searchInput.addEventListener("input", () => {
    clearTimeout(search.timer);
    const query = searchInput.value;
    search.timer = setTimeout(() => suggest(query), TYPING_DELAY_MS);
  });
  searchInput.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown") { event.preventDefault(); if (list.hidden && search.suggestions.length) renderSuggestions(); else moveActive(1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); moveActive(-1); }
    else if (event.key === "Enter") {
      event.preventDefault();
      if (search.suggestions.length && searchInput.value === search.shownFor) choose(Math.max(0, search.active));
    } else if (event.key === "Escape") {
      if (!list.hidden) { event.preventDefault(); closeList(); }
      else if (searchInput.value) { event.preventDefault(); searchInput.value = ""; search.suggestions = []; search.shownFor = ""; }
    }
  });
  searchInput.addEventListener("blur", () => setTimeout(closeList, 150));
  searchInput.addEventListener("focus", () => { if (search.suggestions.length && searchInput.value === search.shownFor) renderSuggestions(); });

  function choose(index) {
    const place = search.suggestions[index];
    if (!place) return;
    search.active = index;
    closeList();
    searchInput.value = place.title;
    goTo(place.latitude, place.longitude, Math.max(map.getZoom(), 7));
    if (placeMarker) map.removeLayer(placeMarker);
    placeMarker = L.marker([place.latitude, place.longitude], { title: place.title, keyboard: false }).addTo(map);
    showPlace(place);
  }

  function showPlace(place) {
    $("place").hidden = false;
    $("place-title").textContent = place.title;
    const kindLabel = place.kind === "airport" ? "airport" + (place.code ? " " + place.code : "") + " · "
      : place.kind === "postcode" ? "postal code · " : "";
    $("place-subtitle").textContent = kindLabel + place.subtitle
      + (place.population && place.kind === "city" ? " · population " + format.count(place.population) : "");
    $("place-elevation").textContent = place.elevationM === null || place.elevationM === undefined
      ? "Elevation unknown" : "Elevation " + format.metres(place.elevationM);
    $("place-flooding").textContent = typographicMinus(place.flooding.charAt(0).toUpperCase() + place.flooding.slice(1));
    const button = $("place-set-rise");
    if (place.spillLevelM === null || place.spillLevelM === undefined) {
      button.hidden = true;
    } else {
      const level = Math.min(RISE_MAX, Math.max(RISE_MIN, place.spillLevelM));
      button.hidden = false;
      button.textContent = "Set the sea to " + format.rise(level);
      button.onclick = () => setRise(level, "button");
    }
  }

  // ---- Frame all: the suggestions, or else the flooded places, outliers left out ----------------

  async function frameAll() {
    const size = map.getSize();
    const viewport = "&viewport=" + Math.max(1, size.x) + "x" + Math.max(1, size.y);
    const framed = $("framed"), summary = $("framed-summary"), trimmedList = $("framed-trimmed");
    let answer, nameOf, what, isNamed = () => true;
    try {
      // The suggestions frame while the search box holds their query or the place chosen from them.
      if (search.suggestions.length && searchInput.value.trim() !== "") {
        const suggestions = search.suggestions;
        what = "suggestions for “" + search.shownFor + "”";
        answer = await fetchJSON("/v1/region?format=geojson" + viewport, {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ placeIds: suggestions.map((s) => s.id) }),
        });
        nameOf = (feature) => suggestions[feature.properties.index].title;
      } else {
        const rise = state.rise;
        what = "places flooded at " + format.rise(rise);
        const [region, places] = await Promise.all([
          fetchJSON("/v1/region?format=geojson&flooded_at=" + rise + viewport, { method: "POST" }),
          fetchJSON("/v1/flood/places?limit=1000&rise=" + rise),
        ]);
        answer = region;
        // The region's points come in flooding order; name the trimmed ones from the most populous.
        const names = new Map(places.places.map((p) => [p.longitude + "," + p.latitude, p.name]));
        nameOf = (feature) => {
          const [lon, lat] = feature.geometry.coordinates;
          return names.get(lon + "," + lat) || format.coordinates(lat, lon);
        };
        isNamed = (feature) => names.has(feature.geometry.coordinates.join(","));
      }
    } catch (error) {
      showMessage("Frame all failed. " + error.message);
      return;
    }
    const [west, south, east, north] = answer.bbox;
    // A box across ±180° has west > east: continue east past 180 so Leaflet frames it in one piece.
    const bounds = L.latLngBounds([south, west], [north, east < west ? east + 360 : east]);
    map.fitBounds(bounds, { padding: [0, 0], animate: !reducedMotion() });
    if (state.view === "globe" && state.globe) state.globe.frameBox(answer.bbox);
    window.geoqLastRegion = answer;
    const region = answer.features.find((f) => f.properties.role === "region").properties;
    // Named places first: among many flooded outliers, only the most populous have names at hand.
    const trimmed = answer.features.filter((f) => f.properties.role === "trimmed")
      .map((feature, order) => ({ feature, order, named: isNamed(feature) }))
      .sort((a, b) => (b.named - a.named) || (a.order - b.order)).map((entry) => entry.feature);
    summary.textContent = "Framed " + format.count(region.keptCount) + " of " + format.count(region.pointCount) + " " + what +
      (trimmed.length ? "; left out as outliers (" + format.count(trimmed.length) + "):" : "; none left out.");
    trimmedList.replaceChildren(...trimmed.slice(0, 12).map((feature) => {
      const item = document.createElement("li");
      item.textContent = nameOf(feature);
      return item;
    }));
    if (trimmed.length > 12) {
      const more = document.createElement("li");
      more.textContent = "and " + format.count(trimmed.length - 12) + " more";
      trimmedList.append(more);
    }
    framed.hidden = false;
    clearMessage();
  }
  $("frame-all").addEventListener("click", frameAll);

  /** Moves the map (and the globe, when shown) to a place: a flight, or a jump for reduced motion. */
  function goTo(lat, lon, zoom) {
    if (reducedMotion()) map.setView([lat, lon], zoom, { animate: false });
    else map.flyTo([lat, lon], zoom, { duration: 1.2 });
    if (state.view === "globe" && state.globe) state.globe.flyTo({ lat, lon, distance: Math.min(state.globe.view().distance, GeoqGlobe.distanceForZoom(zoom)) });
  }

  // ---- A point clicked, on the map or the globe: its elevation and flooding ----------------------

  async function showPoint(lat, lon) {
    try {
      const point = await fetchJSON("/v1/flood/point?lat=" + lat.toFixed(4) + "&lon=" + (((lon + 540) % 360) - 180).toFixed(4));
      showPlace({ title: format.coordinates(point.latitude, point.longitude), subtitle: "The point chosen", population: 0,
                  elevationM: point.elevationM, flooding: point.flooding, spillLevelM: point.spillLevelM });
    } catch (error) {
      showMessage("That point could not be read. " + error.message);
    }
  }
  map.on("click", (event) => showPoint(event.latlng.lat, event.latlng.lng));

  // ---- The palette: the service's colours for the legend and the globe --------------------------

  async function loadPalette() {
    try {
      state.palette = await fetchJSON("/v1/palette");
    } catch (error) {
      showMessage("The map's colours could not be loaded. " + error.message);
      return;
    }
    const root = document.documentElement.style;
    const gradient = (ramp) => "linear-gradient(90deg, " + ramp.slice(0, 4).map((s) => s.colour).join(", ") + ")";
    for (const entry of state.palette.classes) root.setProperty("--class-" + entry.class, entry.colour);
    root.setProperty("--ramp-sea", gradient(state.palette.seaRamp));
    root.setProperty("--ramp-land", gradient(state.palette.landRamp));
    root.setProperty("--hatch-stripe", state.palette.hatch.colour);
    document.body.dataset.palette = "loaded";
  }

  // ---- Hatching newly flooded land, for telling it without colour -------------------------------

  const hatchBox = $("hatch");
  function setHatch(hatched) {
    if (state.hatch === hatched && hatchBox.checked === hatched) return;
    state.hatch = hatched;
    hatchBox.checked = hatched;
    document.body.classList.toggle("hatched", hatched);
    if (state.globe) state.globe.setHatched(hatched);
    if (state.view === "map" && state.tilesShownFor !== undefined) showTiles(state.rise);
    scheduleFragment();
  }
  hatchBox.addEventListener("change", () => setHatch(hatchBox.checked));

  // ---- Map | Globe --------------------------------------------------------------------------

  const mapButton = $("view-map"), globeButton = $("view-globe");
  const exaggeration = $("exaggeration"), exaggerationLabel = $("exaggeration-label");
  let globeLoading = null;

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error("the server has no " + src));
      document.head.append(script);
    });
  }

  /** The globe, created on first use: three.js and the relief are fetched only then. */
  function ensureGlobe() {
    if (!globeLoading) {
      globeLoading = (async () => {
        const started = performance.now();
        if (!window.GeoqGlobe) { await loadScript("/static/relief.js"); await loadScript("/static/globe.js"); }
        const unsupported = GeoqGlobe.unsupportedReason();
        if (unsupported) throw new Error(unsupported);
        if (!window.THREE) {
          try { await loadScript("/three/three.min.js"); }
          catch (_) { throw new Error("The globe needs three.js: install the Debian package libjs-three where geoq runs; the map stays."); }
        }
        if (!state.palette) await loadPalette();
        if (!state.palette) throw new Error("The globe has no colours; the map stays.");
        const relief = await GeoqGlobe.loadRelief("/v1/relief");
        const centre = map.getCenter().wrap();
        const globe = GeoqGlobe.create($("globe"), {
          palette: state.palette, relief, rise: state.rise, exaggeration: Number(exaggeration.value), hatched: state.hatch,
          view: { lat: centre.lat, lon: centre.lng, distance: GeoqGlobe.distanceForZoom(map.getZoom()) },
          reducedMotion, onClick: showPoint, onMove: scheduleFragment,
        });
        globe.reliefBytes = relief.bytes;
        globe.firstFrameMs = performance.now() - started;
        window.geoqGlobe = globe;
        return globe;
      })();
    }
    return globeLoading;
  }

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
        if (at) globe.flyTo({ lat: at.lat, lon: at.lon, distance: GeoqGlobe.distanceForZoom(at.z) });
        globe.setRise(state.rise);
      }
    }
    const globeShown = name === "globe";
    if (!globeShown && state.view === "globe" && state.globe) {
      const view = state.globe.view();
      map.setView([view.lat, view.lon], GeoqGlobe.zoomForDistance(view.distance), { animate: false });
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
      if (state.tilesShownFor !== state.rise) { state.tilesShownFor = state.rise; showTiles(state.rise); }
    }
    scheduleFragment();
  }
  mapButton.addEventListener("click", () => showView("map"));
  globeButton.addEventListener("click", () => showView("globe"));
  exaggeration.addEventListener("input", () => {
    exaggerationLabel.textContent = "\u00d7" + exaggeration.value;
    if (state.globe) state.globe.setExaggeration(Number(exaggeration.value));
  });

  // For the browser test and for people poking at the page from the console.
  window.geoqPage = { riseAtPosition, positionOfRise, format, parseFragment, setRise: (r) => setRise(r, "button"), showView, ensureGlobe };

  loadPalette();
  setHatch(initial.view.hatch);
  if (initial.view.view === "globe") state.view = "globe";
  setRise(state.rise, "start");
  if (initial.view.view === "globe") showView("globe");
})();
