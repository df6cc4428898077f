// The flooded places, browsed a page at a time, most populous first (/v1/flood/places); each one
// is a button that goes to the place and shows its card. Loaded only while the list is open.
import { fetchJSON } from "./api.js";
import { format } from "./format.js";
import { showMessage } from "./message.js";

const PAGE = 10;
const $ = (id) => document.getElementById(id);

/**
 * The list in #flooded-browse. `rise()` gives the level; `onChoose(place)` goes to a place given as
 * the place card takes it. Returns {refresh()}: the first page again, for a new level.
 */
export function createFloodedPlaces({ rise, onChoose }) {
  const details = $("flooded-browse"), list = $("flooded-list"), pageLabel = $("flooded-page");
  const previous = $("flooded-previous"), next = $("flooded-next");
  let offset = 0, count = 0, request = 0;

  async function load() {
    if (!details.open) return;
    const mine = ++request, level = rise();
    try {
      const answer = await fetchJSON("/v1/flood/places?rise=" + level + "&limit=" + PAGE + "&offset=" + offset);
      if (mine !== request) return;
      count = answer.count;
      list.start = offset + 1;
      list.replaceChildren(...answer.places.map((place) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.textContent = place.name + (place.subtitle ? ", " + place.subtitle : "");
        const people = document.createElement("span");
        people.className = "muted";
        people.textContent = " " + format.count(place.population) + " people";
        button.addEventListener("click", () => onChoose({
          id: place.id, title: place.name, subtitle: place.subtitle, kind: "city", population: place.population,
          latitude: place.latitude, longitude: place.longitude, elevationM: place.elevationM,
          flooding: "under water from " + format.rise(place.spillLevelM), spillLevelM: place.spillLevelM, source: place.source,
        }));
        item.append(button, people);
        return item;
      }));
      pageLabel.textContent = count === 0 ? "No place floods at " + format.rise(level)
        : format.count(offset + 1) + "–" + format.count(offset + answer.places.length) + " of " + format.count(count);
      previous.disabled = offset === 0;
      next.disabled = offset + PAGE >= count;
    } catch (error) {
      if (mine === request) showMessage("The flooded places could not be loaded. " + error.message);
    }
  }

  previous.addEventListener("click", () => { offset = Math.max(0, offset - PAGE); load(); });
  next.addEventListener("click", () => { if (offset + PAGE < count) { offset += PAGE; load(); } });
  details.addEventListener("toggle", load);
  return { refresh() { offset = 0; load(); } };
}
