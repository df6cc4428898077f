// The globe's camera: a view is a centre (latitude and longitude in degrees) and a camera
// distance from the Earth's centre in Earth radii; the camera looks at the centre, north up.
// three.js (the global THREE) is used only when these are called, once the globe is made.

/** The closest and farthest the camera goes, in Earth radii from the centre. */
export const MIN_DISTANCE = 1.08, MAX_DISTANCE = 8;
/** The camera's vertical field of view, in degrees. */
export const FIELD_OF_VIEW = 35;

/** The unit vector to a point of the surface (three.js axes: y north, z towards 0°, 0°). */
export function direction(lat, lon) {
  const φ = lat * Math.PI / 180, λ = lon * Math.PI / 180;
  return new THREE.Vector3(Math.cos(φ) * Math.sin(λ), Math.sin(φ), Math.cos(φ) * Math.cos(λ));
}

/** Keeps a view in bounds: latitude within ±85°, longitude in [−180°, 180°), distance in range. */
export function clampView(view) {
  view.lat = Math.max(-85, Math.min(85, view.lat));
  view.lon = ((view.lon + 540) % 360) - 180;
  view.distance = Math.max(MIN_DISTANCE, Math.min(MAX_DISTANCE, view.distance));
}

/** Puts the camera where a view (clamped first) says. */
export function placeCamera(camera, view) {
  clampView(view);
  camera.position.copy(direction(view.lat, view.lon).multiplyScalar(view.distance));
  camera.up.set(0, 1, 0);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
}

/** Camera distance (Earth radii) that shows an angular radius `radians` around the view's centre. */
export function distanceShowing(radians) {
  const half = FIELD_OF_VIEW / 2 * Math.PI / 180;
  const theta = Math.min(Math.PI / 2, Math.max(0.01, radians));
  return Math.min(MAX_DISTANCE, Math.max(MIN_DISTANCE, Math.cos(theta) + Math.sin(theta) / Math.tan(half) * 1.1));
}

/** Camera distance (Earth radii) for a map zoom level: the two views show about as much. */
export const distanceForZoom = (z) => 1 + 6.4 / Math.pow(2, z - 1);
/** The map zoom level (1–10) that shows about what a camera distance shows. */
export const zoomForDistance = (d) => Math.max(1, Math.min(10, Math.round(1 + Math.log2(6.4 / Math.max(1e-3, d - 1)))));

/** Degrees the globe turns per screen pixel at a view's distance, on a screen `height` pixels high. */
export function degreesPerPixel(view, height) {
  const pixelsPerRadius = height / (2 * Math.tan(FIELD_OF_VIEW * Math.PI / 360) * (view.distance - 1));
  return 180 / Math.PI / pixelsPerRadius;
}

/** The point of the unit globe under a screen position (client pixels) on `canvas`, or null off it. */
export function pick(camera, canvas, clientX, clientY) {
  const box = canvas.getBoundingClientRect();
  const ndc = new THREE.Vector2((clientX - box.left) / box.width * 2 - 1, -((clientY - box.top) / box.height * 2 - 1));
  const ray = new THREE.Raycaster();
  ray.setFromCamera(ndc, camera);
  const hit = ray.ray.intersectSphere(new THREE.Sphere(new THREE.Vector3(), 1), new THREE.Vector3());
  if (!hit) return null;
  return { lat: Math.asin(Math.max(-1, Math.min(1, hit.y))) * 180 / Math.PI, lon: Math.atan2(hit.x, hit.z) * 180 / Math.PI };
}

/**
 * The radius (across, up; clip space) of the circle in which a sphere of radius `reach` round
 * the Earth's centre shows: seen from distance d it fills a cone of half-angle asin(reach / d)
 * round the view's centre. Inside that sphere (close up, high relief) it covers the whole screen.
 */
export function outlineRadius(camera, reach) {
  const ratio = reach / camera.position.length();
  const radius = ratio >= 0.999 ? 10 : Math.min(10, Math.tan(Math.asin(ratio)) / Math.tan(FIELD_OF_VIEW / 2 * Math.PI / 180) * 1.01);
  return { across: radius / camera.aspect, up: radius };
}
