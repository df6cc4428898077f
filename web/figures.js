// The figures beside the sea level (a polite live region in index.html): newly flooded land, its
// share, people and places flooded, exposed sea floor below 0 m, and the largest places flooded.
import { fetchJSON } from "./api.js";
import { format } from "./format.js";
import { clearMessage, showMessage } from "./message.js";

const $ = (id) => document.getElementById(id);

/**
 * The largest places flooded, in plain words: those the model can resolve by name; those it
 * cannot (confidence low: a coarse cell whose relief spans the level asked) apart, said so, never
 * as if they flooded. The API lists the resolved ones first.
 */
export function largestLine(places) {
  const resolved = places.filter((p) => p.confidence?.level !== "low").map((p) => p.name);
  const unresolved = places.filter((p) => p.confidence?.level === "low").map((p) => p.name);
  const parts = [];
  if (resolved.length) parts.push("Largest: " + resolved.join(", ") + ".");
  if (unresolved.length) parts.push("Cannot tell at this model's resolution: " + unresolved.join(", ") + ".");
  return parts.join(" ");
}

/**
 * Shows a count of flooded places or of their people in plain words: what the model resolves,
 * then on a line of its own those on cells too coarse to tell at this level, apart, never added
 * in as if they flooded. The API gives the total and the resolved part.
 */
export function showResolvedFigure(element, total, resolved) {
  const unresolved = total - resolved;
  element.textContent = format.count(unresolved > 0 ? resolved : total);
  if (unresolved > 0) {
    const apart = document.createElement("span");
    apart.className = "unresolved";
    apart.textContent = " +" + format.count(unresolved) + " this map cannot tell"; // the space: read aloud apart
    element.append(apart);
  }
}

/**
 * The figures panel; `onLoaded(rise, places)` follows each answer shown. Returns {load(rise)}: a
 * newer load makes an older one's answer stale.
 */
export function createFigures(onLoaded = () => {}) {
  let latest = 0, failure = null;
  return {
    async load(rise) {
      const request = ++latest;
      try {
        const [flood, places] = await Promise.all([
          fetchJSON("/v1/flood?rise=" + rise + "&limit=1"),
          fetchJSON("/v1/flood/places?rise=" + rise + "&limit=5"),
        ]);
        if (request !== latest) return; // a newer sea level was asked for meanwhile
        $("stat-flooded-land").textContent = format.km2(flood.newlyFloodedLandKm2);
        $("stat-land-fraction").textContent = format.percent(flood.landFloodedFraction);
        showResolvedFigure($("stat-population"), places.population, places.resolvedPopulation);
        showResolvedFigure($("stat-place-count"), places.count, places.resolvedCount);
        document.querySelectorAll(".exposed-row").forEach((e) => { e.hidden = rise >= 0; });
        $("stat-exposed").textContent = format.km2(flood.exposedSeaFloorKm2);
        $("largest-flooded").textContent = largestLine(places.places);
        // Whole-world figures come from the base model; each place from the finest model covering it.
        $("stats-source").textContent = flood.source ? "Based on " + format.plainSource(flood.source) + "; each town's card on the finest map of it" : "";
        document.body.dataset.statsRise = String(rise);
        onLoaded(rise, places);
        clearMessage(failure);
      } catch (error) {
        if (request !== latest) return;
        for (const id of ["stat-flooded-land", "stat-land-fraction", "stat-population", "stat-place-count"]) $(id).textContent = "—";
        $("largest-flooded").textContent = "";
        failure = "The figures for " + format.rise(rise) + " could not be loaded. " + error.message;
        showMessage(failure);
      }
    },
  };
}
