// The year and scenario beside the sea level: choosing both sets the sea to the IPCC AR6
// projection (relative to 1995–2014) that /v1/flood states for them, and shows its likely range
// and what it leaves out. Where the service has a regional projection file of the scenario
// (/v1/projections lists them), the projection is the file's at the map's centre (asked as a
// box around it, whose centre /v1/flood reads the file at), and follows the map as it moves;
// elsewhere the global mean. Moving the sea level by hand lets go of them.
import { fetchJSON } from "./api.js";

const $ = (id) => document.getElementById(id);
export const SCENARIOS = ["SSP1-1.9", "SSP1-2.6", "SSP2-4.5", "SSP3-7.0", "SSP5-8.5"];
export const YEAR_MIN = 2020, YEAR_MAX = 2150;

/**
 * The selector. `state.projection` is {year, scenario} while the sea follows them, else null;
 * `setRise(rise, "projection")` moves the sea; `onChange()` follows each choice; `centre()` is
 * the map's centre {lat, lon}. Returns {choose(year, scenario), release(), moved()}; `moved()`
 * asks again at the new centre while a regional file answers.
 */
export function createProjectionSelect({ state, setRise, onChange, centre }) {
  const yearField = $("projection-year"), scenarioField = $("projection-scenario"), note = $("projection-note");
  yearField.min = String(YEAR_MIN);
  yearField.max = String(YEAR_MAX);
  let asked = 0;
  // The scenarios a regional file answers: a file naming none answers every scenario.
  const regional = fetchJSON("/v1/projections").then((table) => {
    const files = table.regional || [];
    return new Set(files.some((file) => !file.scenario) ? SCENARIOS : files.map((file) => file.scenario));
  }).catch(() => new Set());

  /** A box of 1° around the map's centre (across ±180° as the API reads west > east). */
  function boxAroundCentre() {
    const { lat, lon } = centre();
    const wrap = (value) => (value > 180 ? value - 360 : value < -180 ? value + 360 : value);
    const south = Math.max(-89.5, lat - 0.5), north = Math.min(89.5, lat + 0.5);
    return [wrap(lon - 0.5), south, wrap(lon + 0.5), north].map((value) => value.toFixed(4)).join(",");
  }

  async function choose(year, scenario) {
    yearField.value = String(year);
    scenarioField.value = scenario;
    const ticket = ++asked;
    try {
      const where = (await regional).has(scenario) && centre ? "&bbox=" + boxAroundCentre() : "";
      if (ticket !== asked) return;
      const answer = await fetchJSON("/v1/flood?year=" + encodeURIComponent(year) + "&scenario=" + encodeURIComponent(scenario) + "&limit=1" + where);
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
    // A year left beside "metres" would read as the level's year: both go.
    yearField.value = "";
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

  async function moved() {
    const following = state.projection;
    if (following && (await regional).has(following.scenario) && state.projection === following) choose(following.year, following.scenario);
  }
  return { choose, release, moved };
}
