// geoq's globe: the Earth in relief (three.js from Debian's libjs-three, served by geoq, as the
// global THREE), with a sea level that moves on the graphics card. The relief (/v1/relief: every
// cell block's elevation and spill level, read by relief.js) is uploaded once; each pixel is then
// classified against the level, a uniform, exactly as the server classifies cells for its tiles,
// in the colours of /v1/palette (globe-passes.js, globe-shaders.js). The camera, its motion and
// the hands and keys that move it are in globe-camera.js, globe-motion.js and globe-controls.js.
import { direction, distanceForZoom, distanceShowing, FIELD_OF_VIEW, pick, placeCamera } from "./globe-camera.js";
import { attachControls } from "./globe-controls.js";
import { createMotion } from "./globe-motion.js";
import { createPasses } from "./globe-passes.js";
import { EARTH_RADIUS_M, heightAt } from "./relief.js";

export { loadRelief } from "./relief.js";
export { distanceForZoom, zoomForDistance } from "./globe-camera.js";

let probedKind; // probed once: each probe makes a WebGL context

/**
 * Which WebGL draws the globe here: "webgl2" (with EXT_color_buffer_float) or "webgl" (with
 * OES_texture_float and WEBGL_color_buffer_float), both with textures in vertex shaders, since
 * the ground picture holds elevations and levels as 32-bit floats; null when neither can.
 */
function graphicsKind() {
  if (probedKind === undefined) probedKind = probeGraphics();
  return probedKind;
}

function probeGraphics() {
  try {
    const gl2 = document.createElement("canvas").getContext("webgl2");
    if (gl2 && gl2.getExtension("EXT_color_buffer_float") && gl2.getParameter(gl2.MAX_VERTEX_TEXTURE_IMAGE_UNITS) > 0) return "webgl2";
    const gl = document.createElement("canvas").getContext("webgl");
    if (gl && gl.getExtension("OES_texture_float") && gl.getExtension("WEBGL_color_buffer_float") && gl.getParameter(gl.MAX_VERTEX_TEXTURE_IMAGE_UNITS) > 0) return "webgl";
  } catch (_) { /* no WebGL at all */ }
  return null;
}

/** Why this browser cannot draw the globe, in one line, or null when it can. */
export function unsupportedReason() {
  if (graphicsKind()) return null;
  const anyWebGL = (() => { try { return !!document.createElement("canvas").getContext("webgl"); } catch (_) { return false; } })();
  return anyWebGL ? "This browser's WebGL cannot draw into floating-point textures, which the globe needs; the map stays."
    : "This browser cannot draw WebGL, so the globe cannot be shown; the map stays.";
}

/**
 * A globe in `container`. options: palette (/v1/palette), relief (relief.js's loadRelief),
 * view {lat, lon, distance}, rise, exaggeration, hatched, reducedMotion(), onClick(lat, lon), onMove().
 */
export function create(container, options) {
  const canvas = document.createElement("canvas");
  // A keyboard reaches the globe and hears what it is and which keys move it.
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", "globe");
  canvas.setAttribute("aria-label", "Globe of the sea at the chosen level. Arrow keys turn it, plus and minus zoom, Enter reads the point at the centre.");
  container.append(canvas);
  const kind = graphicsKind();
  const context = canvas.getContext(kind, { alpha: false, antialias: false, depth: true, stencil: false, preserveDrawingBuffer: true });
  for (const name of kind === "webgl2" ? ["EXT_color_buffer_float"] : ["OES_texture_float", "WEBGL_color_buffer_float"]) context.getExtension(name);
  const renderer = new THREE.WebGLRenderer({ canvas, context, antialias: false, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  const camera = new THREE.PerspectiveCamera(FIELD_OF_VIEW, 1, 0.01, 100);
  const { relief } = options;
  const passes = createPasses(renderer, { relief, palette: options.palette, rise: options.rise, exaggeration: options.exaggeration, hatched: options.hatched });

  const view = { lat: options.view.lat, lon: options.view.lon, distance: options.view.distance };
  const motion = createMotion(view);
  let frameRequested = false, framesDrawn = 0, firstFrameAt = null;

  function resize() {
    const width = Math.max(1, container.clientWidth), height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, false);
    passes.resize(renderer.getDrawingBufferSize(new THREE.Vector2()));
    canvas.style.width = width + "px";
    canvas.style.height = height + "px";
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestFrame();
  }

  /** Draws now; returns the milliseconds the graphics card took (waited for with a pixel read). */
  function draw() {
    placeCamera(camera, view);
    const start = performance.now();
    passes.draw(camera);
    const gl = renderer.getContext();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    framesDrawn += 1;
    if (framesDrawn === 1) firstFrameAt = performance.now();
    return performance.now() - start;
  }

  function step() {
    frameRequested = false;
    const moving = motion.advance(controls.held());
    draw();
    if (moving) requestFrame();
    if (options.onMove) options.onMove(api.view());
  }

  function requestFrame() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(step);
  }

  const controls = attachControls(canvas, {
    view, motion, requestFrame, onClick: options.onClick,
    pick: (x, y) => pick(camera, canvas, x, y),
    height: () => container.clientHeight,
  });

  const api = {
    canvas,
    /** The view: centre latitude and longitude (degrees) and camera distance (Earth radii). */
    view: () => ({ lat: view.lat, lon: view.lon, distance: view.distance }),
    get framesDrawn() { return framesDrawn; },
    /** When the first frame was drawn, in milliseconds since the page's navigation began. */
    get firstFrameAt() { return firstFrameAt; },
    setRise(rise) { passes.setRise(rise); requestFrame(); },
    setExaggeration(value) { passes.setExaggeration(value); requestFrame(); },
    setHatched(hatched) { passes.setHatched(hatched); requestFrame(); },
    /** Turns to a view, flying unless reduced motion is asked for. */
    flyTo(target) {
      const to = { lat: target.lat, lon: target.lon, distance: target.distance || view.distance };
      motion.flyTo(to, !!(options.reducedMotion && options.reducedMotion()));
      requestFrame();
    },
    /** Turns to frame a box [west, south, east, north] (west > east crosses ±180°). */
    frameBox([west, south, east, north]) {
      const span = east >= west ? east - west : east + 360 - west;
      const lat = (south + north) / 2, lon = west + span / 2;
      const angular = Math.max((north - south) / 2, span / 2 * Math.cos(lat * Math.PI / 180)) * Math.PI / 180;
      // No nearer than the relief's cells read as land (about a map's zoom 6): a small box is
      // shown in its surroundings, not as a few blocks of relief.
      this.flyTo({ lat, lon: lon > 180 ? lon - 360 : lon, distance: Math.max(distanceForZoom(6), distanceShowing(angular * 1.15)) });
    },
    /** Where a point of the surface is on screen (client pixels), and whether it faces the viewer. */
    screenPosition(lat, lon) {
      placeCamera(camera, view);
      const surface = direction(lat, lon);
      const point = surface.clone().multiplyScalar(1 + heightAt(relief, lat, lon) * passes.exaggeration() / EARTH_RADIUS_M);
      const facing = surface.dot(camera.position.clone().sub(point)) > 0;
      const ndc = point.clone().project(camera), box = canvas.getBoundingClientRect();
      return { x: box.left + (ndc.x + 1) / 2 * box.width, y: box.top + (1 - ndc.y) / 2 * box.height, visible: facing };
    },
    /** Draws at once and returns the milliseconds taken (for the benchmark). */
    drawNow: draw,
    resize,
    distanceShowing,
  };
  new ResizeObserver(resize).observe(container);
  resize();
  return api;
}
