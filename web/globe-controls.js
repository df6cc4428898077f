// The hands on the globe: drag to turn (with inertia), pinch or wheel to zoom, click to read a
// point; and the keyboard: arrows turn, + and − (or Page Up / Page Down) zoom, Enter reads the
// point at the centre. Every change is to the view or its motion, then one frame is asked for.
import { degreesPerPixel } from "./globe-camera.js";

/**
 * Listens on `canvas`. `view` is the globe's view, `motion` its createMotion; `pick(x, y)` the
 * point under client pixels or null; `height()` the screen's height in CSS pixels;
 * `onClick(lat, lon)` reads a point; `requestFrame()` asks for a frame. Returns {held()}: whether
 * a pointer is down.
 */
export function attachControls(canvas, { view, motion, pick, height, onClick, requestFrame }) {
  const speed = motion.speed;
  const pointers = new Map();
  let held = false, pressedAt = null, pinchDistance = 0, lastMove = null;

  function pinchSpan() {
    const [a, b] = [...pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  canvas.addEventListener("pointerdown", (event) => {
    canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    held = true;
    motion.stop();
    pressedAt = pointers.size === 1 ? { x: event.clientX, y: event.clientY, time: performance.now() } : null;
    if (pointers.size === 2) pinchDistance = pinchSpan();
  });

  canvas.addEventListener("pointermove", (event) => {
    const previous = pointers.get(event.pointerId);
    if (!previous) return;
    const current = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, current);
    if (pointers.size === 2) {
      // Two fingers: the camera's height above the surface scales as their span shrinks.
      const span = pinchSpan();
      if (pinchDistance > 0 && span > 0) view.distance = 1 + (view.distance - 1) * pinchDistance / span;
      pinchDistance = span;
    } else {
      const scale = degreesPerPixel(view, height()), now = performance.now();
      const turnLon = -(current.x - previous.x) * scale / Math.max(0.2, Math.cos(view.lat * Math.PI / 180));
      const turnLat = (current.y - previous.y) * scale;
      view.lon += turnLon;
      view.lat += turnLat;
      // Inertia: the drag's speed per frame (16 ms), at most a few degrees.
      const frames = Math.max(1, (now - (lastMove || now - 16)) / 16), limit = 3 * (view.distance - 1);
      speed.lon = Math.max(-limit, Math.min(limit, turnLon / frames));
      speed.lat = Math.max(-limit, Math.min(limit, turnLat / frames));
      lastMove = now;
    }
    requestFrame();
  });

  function release(event) {
    if (!pointers.delete(event.pointerId)) return;
    held = pointers.size > 0;
    // A drag that stopped before it was let go keeps no inertia.
    if (lastMove !== null && performance.now() - lastMove > 80) speed.lat = speed.lon = 0;
    lastMove = null;
    if (pressedAt && Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) < 5) {
      speed.lat = speed.lon = 0;
      const point = pick(event.clientX, event.clientY);
      if (point && onClick) onClick(point.lat, point.lon);
    }
    pressedAt = null;
    requestFrame();
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    motion.land();
    speed.zoom += Math.max(-0.5, Math.min(0.5, event.deltaY * 0.0012)) * 0.35;
    requestFrame();
  }, { passive: false });

  // Each press is one step (a tenth of the view's width; three with Shift), drawn at once.
  canvas.addEventListener("keydown", (event) => {
    const turn = 12 * (view.distance - 1) * (event.shiftKey ? 3 : 1), zoomIn = () => { view.distance = 1 + (view.distance - 1) * 0.8; };
    const zoomOut = () => { view.distance = 1 + (view.distance - 1) / 0.8; };
    const keys = {
      ArrowLeft: () => { view.lon -= turn / Math.max(0.2, Math.cos(view.lat * Math.PI / 180)); },
      ArrowRight: () => { view.lon += turn / Math.max(0.2, Math.cos(view.lat * Math.PI / 180)); },
      ArrowUp: () => { view.lat += turn; }, ArrowDown: () => { view.lat -= turn; },
      "+": zoomIn, "=": zoomIn, PageUp: zoomIn, "-": zoomOut, PageDown: zoomOut,
      Enter: () => { if (onClick) onClick(view.lat, view.lon); },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    motion.stop();
    action();
    requestFrame();
  });

  return { held: () => held };
}
