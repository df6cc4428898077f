// Figures as the page shows them (the browser test formats the API's numbers the same way).

/** The API writes levels with ASCII hyphens ("from -2 m"); the page shows minus signs, as everywhere else. */
export function typographicMinus(text) {
  return text.replace(/(^|[\s(])-(?=\d)/g, "$1\u2212");
}

export const format = {
  rise: (r) => (r > 0 ? "+" : r < 0 ? "\u2212" : "+") + Math.abs(r).toLocaleString("en-US") + " m",
  km2: (value) => Math.round(value).toLocaleString("en-US") + " km\u00b2",
  percent(fraction) {
    const value = fraction * 100;
    return value.toFixed(value >= 10 ? 1 : value >= 1 ? 2 : 3) + " %";
  },
  count: (value) => Math.round(value).toLocaleString("en-US"),
  /** A level in whole kilometres with its sign, for the slider's ends: "−12 km", "+12 km". */
  kilometres: (value) => (value > 0 ? "+" : value < 0 ? "\u2212" : "") + Math.abs(value / 1000).toLocaleString("en-US") + " km",
  metres: (value) => (value < 0 ? "\u2212" : "") + Math.abs(Math.round(value)).toLocaleString("en-US") + " m",
  coordinates: (lat, lon) => Math.abs(lat).toFixed(2) + "\u00b0" + (lat < 0 ? "S" : "N") + ", " +
    Math.abs(lon).toFixed(2) + "\u00b0" + (lon < 0 ? "W" : "E"),
  /** The model an answer came from, in plain words: "heights in 93 m squares (N53E009.hgt)". */
  plainSource: (source) => !source ? "" : "heights in " + (source.cellSizeM >= 1000
    ? (source.cellSizeM / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 }) + " km"
    : source.cellSizeM.toLocaleString("en-US") + " m") + " squares (" + source.model + ")",
  /** The model an answer came from: "from N53E009.hgt, 93 m cells" (empty when not said). */
  source: (source) => !source ? "" : "from " + source.model + ", " + (source.cellSizeM >= 1000
    ? (source.cellSizeM / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 }) + " km"
    : source.cellSizeM.toLocaleString("en-US") + " m") + " cells",
};
