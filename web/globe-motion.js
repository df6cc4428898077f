// How the globe's view moves by itself: a flight to a place (eased, 1.2 s), or the glide a drag
// or the wheel leaves behind (inertia, decaying by 0.9 a 16 ms frame, timed by the clock).

/**
 * The motion of `view` ({lat, lon, distance}). `speed` is the glide per 16 ms frame: degrees of
 * latitude and longitude, and the logarithm of the camera's height above the surface (zoom).
 */
export function createMotion(view) {
  const speed = { lat: 0, lon: 0, zoom: 0 };
  let flight = null, lastStep = null;

  return {
    speed,
    /** Stops any flight and glide (a hand takes the globe). */
    stop() {
      flight = null;
      speed.lat = speed.lon = speed.zoom = 0;
    },
    /** Stops a flight, keeping the glide. */
    land() { flight = null; },
    /** Goes to a view {lat, lon, distance}: at once with `jump` (reduced motion), else flying. */
    flyTo(to, jump) {
      speed.lat = speed.lon = speed.zoom = 0;
      if (jump) {
        Object.assign(view, to);
        flight = null;
      } else {
        const deltaLon = ((to.lon - view.lon + 540) % 360) - 180;
        flight = { from: { ...view }, to, deltaLon, start: performance.now(), duration: 1200 };
      }
    },
    /** Moves the view on to now (no glide while `held`); whether it is still moving. */
    advance(held) {
      let moving = false;
      if (flight) {
        const t = Math.min(1, (performance.now() - flight.start) / flight.duration), ease = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
        view.lat = flight.from.lat + (flight.to.lat - flight.from.lat) * ease;
        view.lon = flight.from.lon + flight.deltaLon * ease;
        view.distance = flight.from.distance * Math.pow(flight.to.distance / flight.from.distance, ease);
        if (t >= 1) flight = null; else moving = true;
      }
      // Inertia by the clock, not by frames: a slow renderer draws fewer frames of the same glide.
      const now = performance.now(), elapsed = Math.min(500, Math.max(16, now - (lastStep || now - 16))) / 16;
      lastStep = now;
      if (!held && (Math.abs(speed.lat) > 0.01 || Math.abs(speed.lon) > 0.01 || Math.abs(speed.zoom) > 1e-3)) {
        const decay = Math.pow(0.9, elapsed), glide = (1 - decay) / (1 - 0.9); // the frames' steps summed
        view.lat += speed.lat * glide;
        view.lon += speed.lon * glide;
        view.distance = 1 + (view.distance - 1) * Math.exp(speed.zoom * glide);
        speed.lat *= decay; speed.lon *= decay; speed.zoom *= decay;
        moving = true;
      } else {
        speed.lat = speed.lon = speed.zoom = 0;
      }
      return moving;
    },
  };
}
