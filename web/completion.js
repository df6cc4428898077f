// The search box and its suggestions (/v1/complete): an ARIA combobox (index.html) whose list
// is a listbox; the arrows move through it, Enter chooses, Escape closes it, then clears the box.
import { fetchJSON } from "./api.js";
import { typographicMinus } from "./format.js";
import { clearMessage, showMessage } from "./message.js";

const TYPING_DELAY_MS = 120;

/**
 * The completion box on `searchInput` with its list `list`. `near()` is the {lat, lon} the
 * suggestions are ranked near; `onChoose(place)` goes to the place chosen. Returns
 * {suggestions(), shownFor(), text()}: the suggestions shown, the query they answer, the box's text.
 */
export function createCompletion(searchInput, list, { near, onChoose }) {
  const search = { suggestions: [], active: -1, request: 0, timer: null, controller: null, shownFor: "", failure: null };
  const $ = (id) => document.getElementById(id);

  function closeList() {
    list.hidden = true;
    searchInput.setAttribute("aria-expanded", "false");
    searchInput.removeAttribute("aria-activedescendant");
  }

  /** The title with its matched parts in <mark>; highlight ranges count UTF-16 units, as JS strings do. */
  function highlighted(title, ranges) {
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const range of [...ranges].sort((a, b) => a.location - b.location)) {
      const start = Math.max(at, range.location), end = Math.min(title.length, range.location + range.length);
      if (end <= start) continue;
      fragment.append(title.slice(at, start));
      const mark = document.createElement("mark");
      mark.textContent = title.slice(start, end);
      fragment.append(mark);
      at = end;
    }
    fragment.append(title.slice(at));
    return fragment;
  }

  function renderSuggestions() {
    list.replaceChildren();
    if (!search.suggestions.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.setAttribute("role", "option");
      empty.setAttribute("aria-disabled", "true");
      empty.textContent = "No places, postal codes, airports, countries or regions found";
      list.append(empty);
    }
    search.suggestions.forEach((suggestion, index) => {
      const item = document.createElement("li");
      item.id = "suggestion-" + index;
      item.dataset.placeId = String(suggestion.id);
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", String(index === search.active));
      const name = document.createElement("span");
      name.className = "name";
      const title = document.createElement("span");
      title.className = "title";
      title.append(highlighted(suggestion.title, suggestion.titleHighlights || []));
      // Postal codes, airports, countries and regions say what they are; towns are most answers and go unmarked.
      if (suggestion.kind && suggestion.kind !== "city") {
        const kind = document.createElement("span");
        kind.className = "kind kind-" + suggestion.kind;
        kind.textContent = suggestion.kind === "airport" ? "✈ " + (suggestion.code || "airport")
          : suggestion.kind === "postcode" ? "postal code" : suggestion.kind;
        title.append(" ", kind);
      }
      const subtitle = document.createElement("span");
      subtitle.className = "subtitle";
      subtitle.textContent = suggestion.subtitle + (suggestion.matchedAlias ? " · “" + suggestion.matchedAlias + "”" : "");
      name.append(title, subtitle);
      const flooding = document.createElement("span");
      flooding.className = "flooding";
      flooding.textContent = typographicMinus(suggestion.flooding);
      item.append(name, flooding);
      // mousedown, not click: it comes before the input's blur closes the list.
      item.addEventListener("mousedown", (event) => { event.preventDefault(); choose(index); });
      list.append(item);
    });
    list.hidden = false;
    searchInput.setAttribute("aria-expanded", "true");
    if (search.active >= 0) searchInput.setAttribute("aria-activedescendant", "suggestion-" + search.active);
    else searchInput.removeAttribute("aria-activedescendant");
  }

  function moveActive(delta) {
    if (!search.suggestions.length) return;
    const count = search.suggestions.length;
    search.active = search.active < 0 ? (delta > 0 ? 0 : count - 1) : (search.active + delta + count) % count;
    renderSuggestions();
    const item = $("suggestion-" + search.active);
    if (item) item.scrollIntoView({ block: "nearest" });
  }

  async function suggest(query) {
    const request = ++search.request;
    if (search.controller) search.controller.abort();
    if (!query.trim()) {
      search.suggestions = [];
      search.shownFor = "";
      closeList();
      return;
    }
    search.controller = new AbortController();
    const centre = near();
    const url = "/v1/complete?limit=8&q=" + encodeURIComponent(query) +
      "&lat=" + Math.max(-90, Math.min(90, centre.lat)).toFixed(4) + "&lon=" + centre.lon.toFixed(4);
    try {
      const answer = await fetchJSON(url, { signal: search.controller.signal });
      if (request !== search.request) return; // typed on since: this answer is stale
      search.suggestions = answer.completions;
      search.active = -1;
      search.shownFor = query;
      renderSuggestions();
      clearMessage(search.failure);
    } catch (error) {
      if (error.name === "AbortError" || request !== search.request) return;
      search.suggestions = [];
      closeList();
      search.failure = "Search failed. " + error.message;
      showMessage(search.failure);
    }
  }

  searchInput.addEventListener("input", () => {
    clearTimeout(search.timer);
    const query = searchInput.value;
    search.timer = setTimeout(() => suggest(query), TYPING_DELAY_MS);
  });
  searchInput.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown") { event.preventDefault(); if (list.hidden && search.suggestions.length) renderSuggestions(); else moveActive(1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); moveActive(-1); }
    else if (event.key === "Enter") {
      event.preventDefault();
      if (search.suggestions.length && searchInput.value === search.shownFor) choose(Math.max(0, search.active));
    } else if (event.key === "Escape") {
      if (!list.hidden) { event.preventDefault(); closeList(); }
      else if (searchInput.value) { event.preventDefault(); searchInput.value = ""; search.suggestions = []; search.shownFor = ""; }
    }
  });
  searchInput.addEventListener("blur", () => setTimeout(closeList, 150));
  searchInput.addEventListener("focus", () => { if (search.suggestions.length && searchInput.value === search.shownFor) renderSuggestions(); });

  function choose(index) {
    const place = search.suggestions[index];
    if (!place) return;
    search.active = index;
    closeList();
    searchInput.value = place.title;
    onChoose(place);
  }

  return {
    suggestions: () => search.suggestions,
    shownFor: () => search.shownFor,
    text: () => searchInput.value,
  };
}
