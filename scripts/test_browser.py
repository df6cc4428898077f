#!/usr/bin/env python3
"""The web page in a real browser: headless chromium, driven by selenium, against a live geoq.

Every figure the page shows is compared with the API's own answer, fetched here with urllib and
formatted as the page formats it. Run by scripts/test-browser.sh (which starts the service).
"""
import argparse
import json
import re
import os
import signal
import sys
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--chromium", default="/usr/bin/chromium")
parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
parser.add_argument("--screenshots", default=".build/screenshots")
parser.add_argument("--server-pid", type=int, help="stop this geoq at the end to see the page report an unreachable server")
args = parser.parse_args()
BASE = args.url.rstrip("/")
MAX_ZOOM = 10  # the page's map goes no deeper


def api(path, body=None):
    request = urllib.request.Request(BASE + path, data=body, method="POST" if body is not None else "GET")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


# The page's formats, written again here from their description: whole km² with thousands
# separators; percentages with 1, 2 or 3 decimals (from 10 %, from 1 %, below); whole counts.
def km2(value):
    return f"{round(value):,} km²"


def percent(fraction):
    value = fraction * 100
    decimals = 1 if value >= 10 else 2 if value >= 1 else 3
    return f"{value:.{decimals}f} %"


def count(value):
    return f"{round(value):,}"


def rise_text(rise):
    return ("−" if rise < 0 else "+") + f"{abs(rise):,} m"


steps = 0


def ok(message):
    global steps
    steps += 1
    print(f"ok {steps} - {message}")


options = webdriver.ChromeOptions()
options.binary_location = args.chromium
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800", "--lang=en-US"]:
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
wait = WebDriverWait(driver, 20, poll_frequency=0.1)


def js(script, *arguments):
    return driver.execute_script(script, *arguments)


def text(element_id):
    return driver.find_element(By.ID, element_id).text


def severe_console_entries(allowed=()):
    """SEVERE console entries since the last call, except those containing an allowed fragment."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and not any(a in e["message"] for a in allowed)]


def wait_stats(rise):
    wait.until(lambda d: js("return document.body.dataset.statsRise") == str(rise), f"figures for {rise} never shown")


def wait_tiles(rise):
    """Every tile in the map is of this sea level and at least one has loaded."""
    def settled(_):
        sources = js("return [...document.querySelectorAll('.leaflet-tile-pane img')].map(i => i.src)")
        loaded = js("return document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded').length")
        return sources and loaded > 0 and all(f"rise={rise}" in s for s in sources)
    wait.until(settled, f"tiles never all showed rise={rise}")
    return js("return [...document.querySelectorAll('.leaflet-tile-pane img')].map(i => i.src)")


def check_figures(rise):
    flood = api(f"/v1/flood?rise={rise}")
    places = api(f"/v1/flood/places?rise={rise}")
    shown = {k: text(k) for k in ["stat-flooded-land", "stat-land-fraction", "stat-population", "stat-place-count"]}
    expected = {"stat-flooded-land": km2(flood["newlyFloodedLandKm2"]), "stat-land-fraction": percent(flood["landFloodedFraction"]),
                "stat-population": count(places["population"]), "stat-place-count": count(places["count"])}
    assert shown == expected, f"figures at {rise}: page {shown}, API {expected}"
    return flood, places


def map_state():
    return js("""const m = window.geoqMap, c = m.getCenter(), b = m.getBounds(), s = m.getSize();
                 return {lat: c.lat, lon: c.lng, zoom: m.getZoom(), west: b.getWest(), south: b.getSouth(),
                         east: b.getEast(), north: b.getNorth(), width: s.x, height: s.y};""")


def wait_map_still():
    """The map's view once it has not changed for half a second (a flight or a zoom has ended)."""
    samples = []
    for _ in range(150):
        time.sleep(0.1)
        samples = (samples + [map_state()])[-5:]
        if len(samples) == 5 and all(s == samples[0] for s in samples):
            return samples[0]
    raise AssertionError("the map never stopped moving")


def type_query(query):
    box = driver.find_element(By.ID, "search-input")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(query)
    return box


def check_region(expected, state, what):
    west, south, east, north = expected["bbox"]
    if east < west:
        east += 360
    tolerance = 1e-6
    assert state["west"] <= west + tolerance and state["east"] >= east - tolerance, f"{what}: map {state} does not show the region's longitudes {expected['bbox']}"
    assert state["south"] <= south + tolerance and state["north"] >= north - tolerance, f"{what}: map {state} does not show the region's latitudes {expected['bbox']}"
    assert state["zoom"] == min(expected["zoom"], MAX_ZOOM), f"{what}: map zoom {state['zoom']}, region zoom {expected['zoom']} for {state['width']}x{state['height']}"


try:
    # 1. The page loads, with its map, figures at +0 m, and nothing from anywhere but geoq.
    driver.get(BASE + "/")
    wait.until(lambda d: js("return !!window.geoqMap"), "window.geoqMap never appeared")
    wait_stats(0)
    wait_tiles(0)
    check_figures(0)
    assert text("rise-label") == "+0 m"
    outside = js("return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))")
    assert outside == [], f"resources from elsewhere: {outside}"
    unlabelled = js("""return [...document.querySelectorAll('input, button')].filter(e => !(
        (e.id && document.querySelector('label[for="' + e.id + '"]')) || e.getAttribute('aria-label') || e.textContent.trim()))
        .map(e => e.outerHTML)""")
    assert unlabelled == [], f"controls without a label: {unlabelled}"
    driver.save_screenshot(f"{args.screenshots}/desktop-start.png")
    assert severe_console_entries() == [], "console errors on load"
    ok("the page loads with its tiles and the figures for +0 m, no console errors, no outside resources, every control labelled")

    # 2. Typing "tok" suggests Tokyo, its matched part highlighted as the API says.
    tokyo = next(c for c in api("/v1/complete?q=tok&limit=100")["completions"] if c["title"] == "Tokyo")
    type_query("tok")
    wait.until(lambda d: any(li.find_elements(By.CSS_SELECTOR, ".title") and li.find_element(By.CSS_SELECTOR, ".title").text == "Tokyo"
                             for li in d.find_elements(By.CSS_SELECTOR, "#suggestions li")), "Tokyo never suggested")
    items = driver.find_elements(By.CSS_SELECTOR, "#suggestions li")
    titles = [li.find_element(By.CSS_SELECTOR, ".title").text for li in items]
    index = titles.index("Tokyo")
    marks = [m.text for m in items[index].find_elements(By.CSS_SELECTOR, "mark")]
    expected_marks = [tokyo["title"][h["location"]:h["location"] + h["length"]] for h in tokyo["titleHighlights"]]
    assert marks == expected_marks, f"Tokyo highlighted {marks}, API ranges give {expected_marks}"
    driver.save_screenshot(f"{args.screenshots}/desktop-suggestions.png")
    ok(f"typing 'tok' suggests {titles}, Tokyo highlighted {marks}")

    # 3. Arrow keys and Enter choose Tokyo; the map flies there and the card shows its elevation and flooding.
    box = driver.find_element(By.ID, "search-input")
    for _ in range(index + 1):
        box.send_keys(Keys.ARROW_DOWN)
    selected = [li.find_element(By.CSS_SELECTOR, ".title").text for li in driver.find_elements(By.CSS_SELECTOR, '#suggestions li[aria-selected="true"]')]
    assert selected == ["Tokyo"], f"after {index + 1} presses of down, selected {selected}"
    assert box.get_attribute("aria-activedescendant") == f"suggestion-{index}"
    box.send_keys(Keys.ENTER)
    state = wait_map_still()
    assert abs(state["lat"] - tokyo["latitude"]) < 0.01 and abs(state["lon"] - tokyo["longitude"]) < 0.01, f"map at {state}, Tokyo at {tokyo['latitude']}, {tokyo['longitude']}"
    point = api(f"/v1/flood/point?lat={tokyo['latitude']}&lon={tokyo['longitude']}")
    assert text("place-title") == "Tokyo"
    elevation = round(point["elevationM"])
    assert text("place-elevation") == f"Elevation {'−' if elevation < 0 else ''}{abs(elevation):,} m", text("place-elevation")
    expected_flooding = re.sub(r"(^|[\s(])-(?=\d)", "\\1\u2212", point["flooding"][0].upper() + point["flooding"][1:])
    assert text("place-flooding") == expected_flooding, text("place-flooding")
    assert js("return document.getElementById('suggestions').hidden") is True
    driver.save_screenshot(f"{args.screenshots}/desktop-tokyo.png")
    ok(f"choosing Tokyo moves the map to {state['lat']:.3f}, {state['lon']:.3f}; the card says {text('place-elevation')!r}, {text('place-flooding')!r}")

    # 4. The slider in 1 m steps to +100 m, then 2 m steps: 288 presses of → from +0 m reach +476 m.
    slider = driver.find_element(By.ID, "rise-slider")
    slider.send_keys(Keys.ARROW_RIGHT * 288)
    assert text("rise-label") == "+476 m", text("rise-label")
    wait_stats(476)
    sources = wait_tiles(476)
    check_figures(476)
    wait.until(lambda d: js("return location.hash").startswith("#rise=476&"), "the URL never said rise=476")
    assert driver.find_element(By.ID, "rise-number").get_attribute("value") == "476"
    driver.save_screenshot(f"{args.screenshots}/desktop-476.png")
    ok(f"the slider at +476 m: {len(sources)} tiles of rise=476, figures as /v1/flood?rise=476 gives, #rise=476 in the URL")

    # 5. The number field takes any level; a fallen sea shows the exposed sea floor.
    field = driver.find_element(By.ID, "rise-number")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("-120", Keys.ENTER)
    wait_stats(-120)
    flood, _ = check_figures(-120)
    assert text("stat-exposed") == km2(flood["exposedSeaFloorKm2"]), text("stat-exposed")
    assert text("rise-label") == rise_text(-120)
    wait_tiles(-120)
    ok(f"the number field at -120 m: exposed sea floor {text('stat-exposed')}")

    # 6. "Frame all" on the suggestions: the map shows the region POST /v1/region returns for them.
    box = type_query("tok")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]")) > 1, "no suggestions for 'tok'")
    time.sleep(0.3)
    items = driver.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]")
    ids = [int(li.get_attribute("data-place-id")) for li in items]
    titles = [li.find_element(By.CSS_SELECTOR, ".title").text for li in items]
    driver.find_element(By.ID, "frame-all").click()
    wait.until(lambda d: d.find_element(By.ID, "framed").is_displayed(), "nothing framed")
    state = wait_map_still()
    region = api(f"/v1/region?viewport={state['width']}x{state['height']}", json.dumps({"placeIds": ids}).encode())
    check_region(region, state, "suggestions")
    trimmed_shown = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#framed-trimmed li")]
    assert trimmed_shown == [titles[i] for i in region["trimmedIndices"]][:12], f"trimmed {trimmed_shown}, API {region['trimmedIndices']} of {titles}"
    driver.save_screenshot(f"{args.screenshots}/desktop-frame-suggestions.png")
    ok(f"Frame all on {len(ids)} suggestions: bounds hold bbox {region['bbox']}, zoom {state['zoom']}, left out {trimmed_shown}")

    # 7. "Frame all" with no search: the places flooded at the current level.
    box.send_keys(Keys.ESCAPE)
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("value") == ""
    field = driver.find_element(By.ID, "rise-number")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("476", Keys.ENTER)
    wait_stats(476)
    driver.find_element(By.ID, "frame-all").click()
    wait.until(lambda d: "flooded at +476 m" in d.find_element(By.ID, "framed-summary").text, "flooded places never framed")
    state = wait_map_still()
    region = api(f"/v1/region?flooded_at=476&viewport={state['width']}x{state['height']}", b"")
    check_region(region, state, "flooded places")
    summary = text("framed-summary")
    trimmed_count = count(len(region["trimmedIndices"]))
    assert summary == f"Framed {count(region['keptCount'])} of {count(region['pointCount'])} places flooded at +476 m; left out as outliers ({trimmed_count}):", summary
    driver.save_screenshot(f"{args.screenshots}/desktop-frame-flooded.png")
    ok(f"Frame all on the flooded places: {summary!r}")
    assert severe_console_entries() == [], "console errors while using the page"
    ok("no console errors while searching, sliding and framing")

    # 8. A search that matches nothing says so.
    type_query("qxzqxzq")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li.empty"), "no 'No places found'")
    assert text("suggestions") == "No places, postal codes or airports found"
    ok("a search that matches nothing shows 'No places, postal codes or airports found'")

    # 8b. Postal codes and airports carry a word or icon for their kind; towns none.
    type_query("jfk")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-airport"), "no airport label for 'jfk'")
    first_kind = driver.find_element(By.CSS_SELECTOR, "#suggestions li .kind").text
    assert first_kind == "✈ JFK", first_kind
    type_query("9021")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-postcode"), "no postal-code label for '9021'")
    assert driver.find_element(By.CSS_SELECTOR, "#suggestions li .kind").text == "postal code"
    ok("suggestions show their kind: '✈ JFK' for an airport, 'postal code' for 90210")

    # 9. A server error is a message in the page: the API refuses a query of 257 characters.
    type_query("a" * 257)
    wait.until(lambda d: d.find_element(By.ID, "message").is_displayed(), "no message for a refused search")
    message = text("message")
    assert "400" in message and "256" in message, message
    assert severe_console_entries(allowed=["/v1/complete"]) == []
    driver.save_screenshot(f"{args.screenshots}/desktop-server-error.png")
    type_query("osaka")
    wait.until(lambda d: not d.find_element(By.ID, "message").is_displayed(), "the message outlived the next search that worked")
    ok(f"a server error shows: {message!r}, until the next search works")

    # 10. A malformed fragment falls back to the defaults (+0 m, 20°N 0°E, zoom 2).
    driver.get("about:blank")
    driver.get(BASE + "/#rise=abc&z=99")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(0)
    state = map_state()
    assert (round(state["lat"], 6), round(state["lon"], 6), state["zoom"]) == (20, 0, 2), state
    assert text("rise-label") == "+0 m" and driver.find_element(By.ID, "rise-number").get_attribute("value") == "0"
    wait.until(lambda d: js("return location.hash") == "#rise=0&lat=20.0000&lon=0.0000&z=2", "the URL never showed the defaults")
    assert "rise=abc" in text("message") and "z=99" in text("message"), text("message")
    assert severe_console_entries() == []
    ok(f"#rise=abc&z=99 falls back to the defaults; the page says {text('message')!r}")

    # 11. A shared link restores its view; on a phone-sized screen everything fits.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.get("about:blank")
    driver.get(BASE + "/#rise=10&lat=52.3&lon=4.9&z=6")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(10)
    wait_tiles(10)
    check_figures(10)
    state = map_state()
    # Within a pixel (360° / 2^14 px ≈ 0.022° at zoom 6): Leaflet keeps its centre on whole pixels
    # and may shift it by a fraction of one when the phone layout settles.
    assert abs(state["lat"] - 52.3) < 0.02 and abs(state["lon"] - 4.9) < 0.02 and state["zoom"] == 6, state
    layout = js("""const r = id => document.getElementById(id).getBoundingClientRect();
        return {scrollWidth: document.documentElement.scrollWidth, search: r('search-input'), panel: r('panel'),
                slider: r('rise-slider'), map: r('map'), frame: r('frame-all')}""")
    assert layout["scrollWidth"] <= 390, layout
    for name in ["search", "panel", "slider", "frame"]:
        box_ = layout[name]
        assert box_["left"] >= 0 and box_["right"] <= 390 and box_["top"] >= 0 and box_["bottom"] <= 844, f"{name} outside the phone screen: {box_}"
    assert layout["panel"]["top"] > layout["search"]["bottom"] + 200, f"the panel leaves too little map: {layout}"
    driver.save_screenshot(f"{args.screenshots}/phone-amsterdam.png")
    assert severe_console_entries() == []
    ok("a shared link (#rise=10&lat=52.3&lon=4.9&z=6) restores its view; on 390x844 everything fits")

    # 13. The server gone: the page says so and keeps the map it has rather than going blank.
    if args.server_pid:
        os.kill(args.server_pid, signal.SIGTERM)
        for _ in range(100):
            try:
                urllib.request.urlopen(BASE + "/healthz", timeout=1)
                time.sleep(0.1)
            except OSError:
                break
        field = driver.find_element(By.ID, "rise-number")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("12", Keys.ENTER)
        wait.until(lambda d: d.find_element(By.ID, "message").is_displayed() and "cannot be reached" in text("message"), "no message for a server gone")
        kept = js("return document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded[src*=\"rise=10\"]').length")
        assert kept > 0, "the map went blank"
        driver.save_screenshot(f"{args.screenshots}/phone-server-gone.png")
        ok(f"with the server stopped the page says {text('message')!r} and keeps {kept} tiles")
finally:
    driver.quit()

print(f"browser test passed: {steps} checks; screenshots in {args.screenshots}/")
