// What the user asked the system for, which the page follows: less motion (flights become
// jumps, Leaflet's zoom and fade animations are off). Contrast and focus are in geoq.css; the
// labels, roles and live regions in index.html and where elements are made.

/** The user asked the system for less motion: no flights, the view jumps. */
export function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
