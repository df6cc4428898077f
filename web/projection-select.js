// The year and scenario beside the sea level: choosing both sets the sea to the IPCC AR6
// projection (global mean, relative to 1995–2014) that /v1/flood states for them, and shows its
// likely range and what it leaves out. Moving the sea level by hand lets go of them.
import { fetchJSON } from "./api.js";

const $ = (id) => document.getElementById(id);
export const SCENARIOS = ["SSP1-1.9", "SSP1-2.6", "SSP2-4.5", "SSP3-7.0", "SSP5-8.5"];
export const YEAR_MIN = 2020, YEAR_MAX = 2150;

/**
 * The selector. `state.projection` is {year, scenario} while the sea follows them, else null;
 * `setRise(rise, "projection")` moves the sea; `onChange()` follows each choice. Returns
 * {choose(year, scenario), release()}.
 */
export function createProjectionSelect({ state, setRise, onChange }) {
  const yearField = $("projection-year"), scenarioField = $("projection-scenario"), note = $("projection-note");
  yearField.min = String(YEAR_MIN);
  yearField.max = String(YEAR_MAX);
  let asked = 0;

  async function choose(year, scenario) {
    yearField.value = String(year);
    scenarioField.value = scenario;
    const ticket = ++asked;
    try {
      const answer = await fetchJSON("/v1/flood?year=" + encodeURIComponent(year) + "&scenario=" + encodeURIComponent(scenario) + "&limit=1");
      if (ticket !== asked) return;
      const projection = answer.seaLevel.projection;
      state.projection = { year: projection.year, scenario: projection.scenario };
      setRise(projection.riseM, "projection");
      note.textContent = projection.summary + (projection.interpolatedBetween ? " (interpolated linearly between " +
        projection.interpolatedBetween.join(" and ") + ")" : "") + ". " + projection.leavesOut;
      onChange();
    } catch (error) {
      if (ticket === asked) note.textContent = error.message;
    }
  }

  function release() {
    asked++;
    if (!state.projection && !note.textContent) return;
    state.projection = null;
    scenarioField.value = "";
    note.textContent = "";
  }

  function chosen() {
    const year = Number(yearField.value.trim());
    if (!scenarioField.value || !Number.isInteger(year)) return;
    if (year < YEAR_MIN || year > YEAR_MAX) { note.textContent = "Enter a year from " + YEAR_MIN + " to " + YEAR_MAX + "."; return; }
    choose(year, scenarioField.value);
  }
  yearField.addEventListener("change", chosen);
  scenarioField.addEventListener("change", chosen);
  for (const id of ["rise-slider", "rise-number"]) $(id).addEventListener("input", release);
  return { choose, release };
}
