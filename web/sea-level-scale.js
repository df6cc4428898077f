// The sea levels the page offers, and the slider's positions: metre steps near today's sea
// level, coarser ones far from it. The range is the API's, which the service writes into
// sea-level-range.js from its own declaration.
import { RISE_MAX, RISE_MIN } from "./sea-level-range.js";

export { RISE_MAX, RISE_MIN };

// Each segment runs from `from` to `to` in steps of `step` metres (the outer ones to the range's ends).
const SLIDER_SEGMENTS = [
  { from: RISE_MIN, to: -2000, step: 100 }, { from: -2000, to: -500, step: 10 }, { from: -500, to: -100, step: 2 },
  { from: -100, to: 100, step: 1 }, { from: 100, to: 500, step: 2 }, { from: 500, to: 2000, step: 10 },
  { from: 2000, to: RISE_MAX, step: 100 },
];
/** The slider's last position (its first is 0). */
export const SLIDER_POSITIONS = SLIDER_SEGMENTS.reduce((sum, s) => sum + (s.to - s.from) / s.step, 0);

/** The rise at a slider position. */
export function riseAtPosition(position) {
  let remaining = position;
  for (const segment of SLIDER_SEGMENTS) {
    const steps = (segment.to - segment.from) / segment.step;
    if (remaining <= steps) return segment.from + remaining * segment.step;
    remaining -= steps;
  }
  return RISE_MAX;
}

/** The slider position nearest a rise. */
export function positionOfRise(rise) {
  let base = 0;
  for (const segment of SLIDER_SEGMENTS) {
    const steps = (segment.to - segment.from) / segment.step;
    if (rise <= segment.to) return base + Math.max(0, Math.round((rise - segment.from) / segment.step));
    base += steps;
  }
  return SLIDER_POSITIONS;
}
