// The sea levels the page offers, and the slider's positions: the levels people ask about most,
// 0 to +10 m, in 0.1 m steps over more than half of the slider's travel; coarser steps beyond, on
// to the ends of the API's range, which the service writes into sea-level-range.js from its own
// declaration.
import { RISE_MAX, RISE_MIN } from "./sea-level-range.js";

export { RISE_MAX, RISE_MIN };

// Each segment runs from `from` to `to` in steps of `step` metres (the outer ones to the range's ends).
const SLIDER_SEGMENTS = [
  { from: RISE_MIN, to: -2000, step: 1000 }, { from: -2000, to: -100, step: 100 }, { from: -100, to: -10, step: 10 },
  { from: -10, to: 0, step: 1 }, { from: 0, to: 10, step: 0.1 }, { from: 10, to: 100, step: 10 },
  { from: 100, to: 2000, step: 100 }, { from: 2000, to: RISE_MAX, step: 1000 },
];
const stepsOf = (segment) => Math.round((segment.to - segment.from) / segment.step);
/** A level rounded to the tenth of a metre (0.1 steps add up to 0.30000000000000004 otherwise). */
const tenths = (value) => Math.round(value * 10) / 10;

/** The slider's last position (its first is 0). */
export const SLIDER_POSITIONS = SLIDER_SEGMENTS.reduce((sum, s) => sum + stepsOf(s), 0);

/** The rise at a slider position. */
export function riseAtPosition(position) {
  let remaining = position;
  for (const segment of SLIDER_SEGMENTS) {
    const steps = stepsOf(segment);
    if (remaining <= steps) return tenths(Math.min(segment.to, segment.from + remaining * segment.step));
    remaining -= steps;
  }
  return RISE_MAX;
}

/** The slider position nearest a rise. */
export function positionOfRise(rise) {
  let base = 0;
  for (const segment of SLIDER_SEGMENTS) {
    const steps = stepsOf(segment);
    if (rise <= segment.to) return base + Math.max(0, Math.min(steps, Math.round((rise - segment.from) / segment.step)));
    base += steps;
  }
  return SLIDER_POSITIONS;
}

/** The marks under the slider: a level and its place along the travel, 0 to 1. */
export const SCALE_MARKS = [RISE_MIN, 0, 10, RISE_MAX].map((rise) => ({ rise, at: positionOfRise(rise) / SLIDER_POSITIONS }));
