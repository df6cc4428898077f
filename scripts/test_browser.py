#!/usr/bin/env python3
"""The web page in a real browser: headless chromium, driven by selenium, against a live geoq.

Every figure the page shows is compared with the API's own answer, fetched here with urllib and
formatted as the page formats it. The page is audited with axe-core (zero serious or critical
violations), driven by keyboard alone, and its globe (WebGL through SwiftShader) is read pixel by
pixel. Run by scripts/test-browser.sh (which starts the service).
"""
import argparse
import json
import math
import re
import os
import signal
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select, WebDriverWait
from selenium_axe_python import Axe

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import colour_vision  # noqa: E402  (the palette's ramps, computed as the service computes them)

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--chromium", default="/usr/bin/chromium")
parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
parser.add_argument("--screenshots", default=".build/screenshots")
parser.add_argument("--server-pid", type=int, help="stop this geoq at the end to see the page report an unreachable server")
parser.add_argument("--regional-url", help="a geoq serve set up with scripts/browser/ar6-regional-ssp585.vrt as its projections file")
parser.add_argument("--tiles-url", help="a geoq serve whose on-demand entry is data/N53E009.hgt as tiles:, its nesting cached")
args = parser.parse_args()
BASE = args.url.rstrip("/")
MAX_ZOOM = 10  # the page's map goes no deeper


def api_bytes(path):
    with urllib.request.urlopen(BASE + path, timeout=60) as response:
        return response.read(), response.headers


def decode_png(data):
    """(width, height, channels, rows of bytes) of an 8-bit, non-interlaced PNG: the tiles geoq serves."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat = 8, b""
    while position < len(data):
        length = int.from_bytes(data[position:position + 4], "big")
        kind, body = data[position + 4:position + 8], data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big")
            depth, colour_type, interlace = body[8], body[9], body[12]
            assert depth == 8 and interlace == 0, f"PNG of depth {depth}, interlace {interlace}"
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour_type]
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        row = bytearray(stride)
        for x in range(stride):
            a = row[x - channels] if x >= channels else 0
            b, c = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 0:
                predictor = 0
            elif kind == 1:
                predictor = a
            elif kind == 2:
                predictor = b
            elif kind == 3:
                predictor = (a + b) // 2
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
            row[x] = (line[x] + predictor) & 255
        rows.append(row)
        previous = row
    return width, height, channels, rows


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def flood_class(point, rise):
    """FloodClass.of as the README defines it, from /v1/flood/point's elevation and spill level."""
    elevation, spill = point["elevationM"], point["spillLevelM"]
    if spill is not None and spill <= rise:
        return "newlyFlooded" if elevation > 0 else "sea"
    if elevation <= rise:
        return "isolatedLowland"
    if rise < 0 and spill is not None and spill <= 0:
        return "exposedSeaFloor"
    return "dryLand"


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


started = last_ok = time.perf_counter()


def ok(message):
    global steps, last_ok
    steps += 1
    now = time.perf_counter()
    print(f"ok {steps} - {message} ({now - last_ok:.1f} s)")
    last_ok = now


options = webdriver.ChromeOptions()
options.binary_location = args.chromium
# WebGL without a graphics card: SwiftShader, Chromium's software renderer.
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800", "--lang=en-US",
             "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"]:
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


def audit(where):
    """axe-core over the page as it is now: no serious or critical violation; minor ones listed."""
    axe = Axe(driver)
    axe.inject()
    result = axe.run()
    serious = [f"{v['impact']} {v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], f"axe-core {result['testEngine']['version']} on {where}: {serious}"
    minor = [f"{v['impact']} {v['id']}" for v in result["violations"]]
    assert minor == [], f"axe-core on {where}: {minor} (allowed only with a reason in the note)"
    return result["testEngine"]["version"], len(result["passes"])


def focus_shown():
    """The focused element and whether its focus is drawn: an outline of at least 2 px."""
    return js("""const e = document.activeElement, s = getComputedStyle(e);
                 return [e.id || e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''),
                         s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2];""")


def press(*keys):
    """Keys to whatever has the focus, as a keyboard would send them."""
    ActionChains(driver).send_keys(*keys).perform()


def tab_to(element_id, backwards=False, limit=30):
    """Tab (or Shift+Tab) until `element_id` has the focus; every stop on the way must show its focus."""
    visited = []
    for _ in range(limit):
        if backwards:
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        else:
            press(Keys.TAB)
        name, shown = focus_shown()
        visited.append(name)
        assert shown, f"focus on {name} is not visible (after {visited})"
        if name == element_id:
            return visited
    raise AssertionError(f"{element_id} never got the focus: {visited}")


def wait_stats(rise):
    wait.until(lambda d: js("return document.body.dataset.statsRise") == str(rise), f"figures for {rise} never shown")


def wait_tiles(rise):
    """Every tile in the map is of this sea level and at least one has loaded."""
    def settled(_):
        sources = js("return [...document.querySelectorAll('.leaflet-tile-pane img')].map(i => i.dataset.src || i.src)")
        loaded = js("return document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded').length")
        return sources and loaded > 0 and all(f"rise={rise}" in s for s in sources)
    wait.until(settled, f"tiles never all showed rise={rise}")
    return js("return [...document.querySelectorAll('.leaflet-tile-pane img')].map(i => i.dataset.src || i.src)")


def resolved_figure(total, resolved):
    """A count as the page must show it: what the model resolves, then apart those it cannot tell
    (issue 34: never the total alone when the model resolves only part of it)."""
    return f"{count(resolved)}\n+{count(total - resolved)} this map cannot tell" if total > resolved else count(total)


def check_figures(rise):
    flood = api(f"/v1/flood?rise={rise}")
    places = api(f"/v1/flood/places?rise={rise}")
    shown = {k: text(k) for k in ["stat-flooded-land", "stat-land-fraction", "stat-population", "stat-place-count"]}
    expected = {"stat-flooded-land": km2(flood["newlyFloodedLandKm2"]), "stat-land-fraction": percent(flood["landFloodedFraction"]),
                "stat-population": resolved_figure(places["population"], places["resolvedPopulation"]),
                "stat-place-count": resolved_figure(places["count"], places["resolvedCount"])}
    assert shown == expected, f"figures at {rise}: page {shown}, API {expected}"
    # The largest places: those the model resolves by name, those it cannot (confidence low) apart
    # and said so (issue 34), from the API's first five.
    first = api(f"/v1/flood/places?rise={rise}&limit=5")["places"]
    resolved = [p["name"] for p in first if p["confidence"]["level"] != "low"]
    unresolved = [p["name"] for p in first if p["confidence"]["level"] == "low"]
    line = " ".join(([f"Largest: {', '.join(resolved)}."] if resolved else [])
                    + ([f"Cannot tell at this model's resolution: {', '.join(unresolved)}."] if unresolved else []))
    assert text("largest-flooded") == line, f"largest at {rise}: page {text('largest-flooded')!r}, expected {line!r}"
    return flood, places


def map_state():
    return js("""const m = window.geoqMap, c = m.getCenter(), b = m.getBounds(), s = m.getSize();
                 return {lat: c.lat, lon: c.lng, zoom: m.getZoom(), west: b.getWest(), south: b.getSouth(),
                         east: b.getEast(), north: b.getNorth(), width: s.x, height: s.y};""")


def map_moves():
    """How many moves of the map have started and ended since the page loaded (counted from the first call)."""
    return js("""const m = window.geoqMap;
                 if (!m.geoqMoves) { m.geoqMoves = {started: 0, ended: 0};
                   m.on('movestart', () => m.geoqMoves.started++); m.on('moveend', () => m.geoqMoves.ended++); }
                 return {started: m.geoqMoves.started, ended: m.geoqMoves.ended};""")


def wait_map_still(ended_before=None):
    """The map's view once no move is under way and it has not changed for half a second.

    A loaded machine can hold a flight's animation frames back for longer than half a second, so a
    still view alone is not the end of a flight: Leaflet's movestart and moveend are counted too.
    With ended_before (map_moves()["ended"] before the action), a move must have ended since."""
    samples = []
    for _ in range(300):
        time.sleep(0.1)
        moves = map_moves()
        if moves["started"] > moves["ended"] or (ended_before is not None and moves["ended"] <= ended_before):
            samples = []
            continue
        samples = (samples + [map_state()])[-5:]
        if len(samples) == 5 and all(s == samples[0] for s in samples):
            return samples[0]
    raise AssertionError(f"the map never stopped moving ({map_moves()})")


def uncovered_box():
    """The part of the map the panel leaves uncovered, in the map's own pixels (the page's padding
    less its margins): {left, top, right, bottom}, worked out here from the two boxes."""
    return js("""const m = document.getElementById('map').getBoundingClientRect(), p = document.getElementById('panel').getBoundingClientRect();
                 const box = {left: 0, top: 0, right: m.width, bottom: m.height};
                 if (p.width >= m.width * 0.6) box.bottom = Math.min(m.height, p.top - m.top); else box.left = Math.max(0, p.right - m.left);
                 return box;""")


def check_framed(expected_bbox, what, pinned=True):
    """The framed box and every pin (when `pinned`) lie in the part of the map the panel does not cover."""
    box = uncovered_box()
    west, south, east, north = expected_bbox
    if east < west:
        east += 360
    corners = js("""const m = window.geoqMap; return [m.latLngToContainerPoint([arguments[0], arguments[1]]),
                    m.latLngToContainerPoint([arguments[2], arguments[3]])].map(p => [p.x, p.y]);""", north, west, south, east)
    (x0, y0), (x1, y1) = corners
    # At the map's least zoom (1: the world 512 px wide) a box wider than the uncovered part cannot
    # fit across; it must still fit from top to bottom, above a phone's sheet.
    fits_across = (east - west) / 360 * 512 <= box["right"] - box["left"]
    assert box["top"] - 1 <= y0 and y1 <= box["bottom"] + 1, \
        f"{what}: the framed box spans y {y0:.0f}–{y1:.0f}; the uncovered part is {box}"
    assert not fits_across or (box["left"] - 1 <= x0 and x1 <= box["right"] + 1), \
        f"{what}: the framed box spans x {x0:.0f}–{x1:.0f}; the uncovered part is {box}"
    if not pinned:
        # Framed, not merely inside: at one zoom more the box would no longer fit the uncovered
        # part less the page's margins (24 px a side, and 48 px for the zoom buttons on the right).
        zoom = js("return window.geoqMap.getZoom()")
        assert (y1 - y0) * 2 > box["bottom"] - box["top"] - 48 or (x1 - x0) * 2 > box["right"] - box["left"] - 96 or zoom == MAX_ZOOM, \
            f"{what}: the box ({x1 - x0:.0f} × {y1 - y0:.0f} px) would fit at zoom {zoom + 1} in {box}"
        return 0
    pins = js("""const m = document.getElementById('map').getBoundingClientRect(), p = document.getElementById('panel').getBoundingClientRect();
                 return [...document.querySelectorAll('.framed-pin')].map(e => e.getBoundingClientRect())
                   .map(r => ({x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2,
                               underPanel: r.right > p.left && r.left < p.right && r.bottom > p.top && r.top < p.bottom,
                               inMap: r.left >= m.left - 1 && r.right <= m.right + 1 && r.top >= m.top - 1 && r.bottom <= m.bottom + 1}));""")
    assert pins, f"{what}: no pins on the framed places"
    hidden = [p for p in pins if p["underPanel"] or (fits_across and not p["inMap"])]
    assert hidden == [], f"{what}: {len(hidden)} of {len(pins)} pins under the panel or off the map: {hidden[:3]}"
    return len(pins)


def check_centred(lat, lon, what):
    """The place is at the middle of the uncovered part of the map, to a pixel or two."""
    box = uncovered_box()
    x, y = js("const p = window.geoqMap.latLngToContainerPoint([arguments[0], arguments[1]]); return [p.x, p.y];", lat, lon)
    cx, cy = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
    assert abs(x - cx) <= 2 and abs(y - cy) <= 2, f"{what} at ({x:.0f}, {y:.0f}), the uncovered part's middle ({cx:.0f}, {cy:.0f}) of {box}"


def check_suggestion_text_boxes(what):
    """No two text boxes of a suggestion overlap, and none is cut off or past the list."""
    problems = js("""const out = [], list = document.getElementById('suggestions').getBoundingClientRect();
        for (const li of document.querySelectorAll('#suggestions li[data-place-id]')) {
          const parts = [...li.querySelectorAll('.title, .subtitle, .flooding, .kind')];
          const boxes = parts.map(e => [e.className, e.getBoundingClientRect(), e]);
          for (let i = 0; i < boxes.length; i++) {
            const [name, r, e] = boxes[i];
            if (r.left < list.left - 0.5 || r.right > list.right + 0.5) out.push(li.textContent + ': ' + name + ' past the list');
            if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).display !== 'inline') out.push(li.textContent + ': ' + name + ' cut off');
            for (let j = i + 1; j < boxes.length; j++) {
              const [other, q, f] = boxes[j];
              if (e.contains(f) || f.contains(e)) continue;
              if (r.right > q.left + 0.5 && r.left < q.right - 0.5 && r.bottom > q.top + 0.5 && r.top < q.bottom - 0.5) out.push(li.textContent + ': ' + name + ' overlaps ' + other);
            }
          }
        }
        return out;""")
    assert problems == [], f"{what}: {problems[:4]}"


def type_query(query):
    box = driver.find_element(By.ID, "search-input")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(query)
    return box


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

    # 1b. The legend is drawn in the service's palette (GET /v1/palette), the colours of the tiles.
    palette = api("/v1/palette")
    class_colours = {c["class"]: hex_rgb(c["colour"]) for c in palette["classes"]}
    wait.until(lambda d: js("return document.body.dataset.palette") == "loaded", "the palette never loaded")
    legend = js("""return Object.fromEntries([...document.querySelectorAll('.legend i[data-class]')].map(i =>
                   [i.dataset.class, getComputedStyle(i).backgroundColor]))""")
    legend_colours = {name: tuple(int(v) for v in re.findall(r"\d+", colour)[:3]) for name, colour in legend.items()}
    assert legend_colours == class_colours, f"legend {legend_colours}, /v1/palette {class_colours}"
    axe_version, axe_passes = audit("the map view")
    ok(f"the legend's colours are /v1/palette's {sorted(legend)}; axe-core {axe_version} finds nothing serious on the map view ({axe_passes} rules pass)")

    # 1c. The globe's relief slider is not on the map view (hidden must win over the row's flex).
    def relief_row_shown():
        return js("const r = document.getElementById('exaggeration-row'); return getComputedStyle(r).display !== 'none' && r.getBoundingClientRect().height > 0")
    assert js("return document.getElementById('exaggeration-row').hidden") is True
    assert not relief_row_shown(), "the relief height slider shows on the map view"
    ok("the globe's relief height slider is not shown on the map view")

    # 1d. The page's sea levels are the API's: the number field and the slider's ends say ±12,000 m
    #     (what /v1/flood takes, one past it refused), and the slider's last position is +12,000 m.
    api_max, api_min = 12000, -12000
    api("/v1/flood?rise=12000&limit=1")
    api("/v1/flood?rise=-12000&limit=1")
    try:
        api("/v1/flood?rise=12001&limit=1")
        raise AssertionError("the API took rise=12001")
    except urllib.error.HTTPError as error:
        assert error.code == 400, error.code
    field = driver.find_element(By.ID, "rise-number")
    assert (field.get_attribute("min"), field.get_attribute("max")) == (str(api_min), str(api_max)), (field.get_attribute("min"), field.get_attribute("max"))
    ends = js("return [...document.querySelectorAll('#rise-scale span')].map(s => s.textContent)")
    assert ends == ["−12 km", "0", "+10 m", "+12 km"], ends
    slider_ends = js("const s = document.getElementById('rise-slider'); return [window.geoqPage.riseAtPosition(0), window.geoqPage.riseAtPosition(Number(s.max))]")
    assert slider_ends == [api_min, api_max], slider_ends
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("12001", Keys.ENTER)
    wait.until(lambda d: text("rise-number-error") == "Enter metres from −12,000 to 12,000.", f"no range error: {text('rise-number-error')!r}")
    ok("the page's sea levels run from −12,000 to +12,000 m, as the API's; 12,001 m is refused in the page")

    # 1e. Place names: at each zoom, the towns of /v1/places/largest in view, largest first, each
    #     written unless it would overlap one written before (the rule, worked out again here from
    #     the page's projection and the names' measured widths); no two names overlap; at zoom 7
    #     over the Netherlands its four largest towns show, at zoom 3 The Hague gives way to London.
    def labels_at(lat, lon, zoom):
        js("document.body.dataset.labelsZoom = ''; window.geoqMap.setView([arguments[0], arguments[1]], arguments[2], {animate: false})", lat, lon, zoom)
        wait.until(lambda d: js("return document.body.dataset.labelsZoom") == str(zoom), f"no names drawn at zoom {zoom}")
        shown = js("""const map = document.getElementById('map').getBoundingClientRect();
            return [...document.querySelectorAll('.leaflet-labels-pane .place-label')].map(e => { const r = e.getBoundingClientRect();
              return {name: e.textContent, id: Number(e.dataset.placeId), left: r.left - map.left, top: r.top - map.top, right: r.right - map.left, bottom: r.bottom - map.top}; })""")
        view = js("return document.body.dataset.labelsView")
        candidates = api("/v1/places/largest?limit=300" + (f"&bbox={view}" if view else ""))["labels"]
        geometry = js("""const m = window.geoqMap, c = m.getCenter().lng, s = m.getSize(), measure = window.geoqPage.measureLabel;
            return {width: s.x, height: s.y, places: arguments[0].map(p => { const lon = p.longitude + 360 * Math.round((c - p.longitude) / 360);
              const q = m.latLngToContainerPoint([p.latitude, lon]), size = measure(p.name); return {x: q.x, y: q.y, w: size.width, h: size.height}; })};""", candidates)
        expected, boxes = [], []
        for place, g in zip(candidates, geometry["places"]):
            b = (g["x"] - g["w"] / 2 - 3, g["y"] - g["h"] / 2 - 3, g["x"] + g["w"] / 2 + 3, g["y"] + g["h"] / 2 + 3)
            if b[0] < 0 or b[1] < 0 or b[2] > geometry["width"] or b[3] > geometry["height"]:
                continue
            if any(b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3] for o in boxes):
                continue
            boxes.append(b)
            expected.append(place["id"])
        assert [l["id"] for l in shown] == expected, f"zoom {zoom}: page {[l['name'] for l in shown]}, rule {[c['name'] for c in candidates if c['id'] in expected]}"
        for i, a in enumerate(shown):
            for other in shown[i + 1:]:
                assert not (a["left"] < other["right"] and other["left"] < a["right"] and a["top"] < other["bottom"] and other["top"] < a["bottom"]), f"{a} overlaps {other}"
        return [l["name"] for l in shown]

    near = labels_at(52.2, 5.0, 7)
    assert {"Amsterdam", "Rotterdam", "The Hague", "Utrecht"} <= set(near), near
    far = labels_at(50.0, 10.0, 3)
    assert {"London", "Moscow"} <= set(far) and "The Hague" not in far, far
    driver.save_screenshot(f"{args.screenshots}/labels-zoom-3.png")
    ok(f"place names at zoom 7 ({len(near)}: {', '.join(near[:6])}, …) and zoom 3 ({len(far)}: {', '.join(far[:6])}, …): the largest first, none overlapping")

    # 1f. Land borders: a pixel on the German–Polish border (a vertex of data/borders.geojson) is
    #     drawn in the border's colour; one in the middle of Poland, far from any border, is not.
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "borders.geojson"), encoding="utf-8") as f:
        borders = json.load(f)
    vertex = next(x for x in borders["features"] if x["properties"]["countries"] == ["DEU", "POL"])["geometry"]["coordinates"][0][3]
    js("document.body.dataset.labelsZoom = ''; window.geoqMap.setView([52.3, 17.0], 6, {animate: false})")
    wait.until(lambda d: js("return document.body.dataset.borders") == "loaded" and js("return document.body.dataset.labelsZoom") == "6", "the borders never loaded")

    def border_alpha(lat, lon):
        """The largest alpha of the borders' canvas within a pixel of a point, and its colour there."""
        return js("""const m = window.geoqMap, canvas = document.querySelector('.leaflet-borders-pane canvas');
            const p = m.latLngToContainerPoint([arguments[0], arguments[1]]), box = canvas.getBoundingClientRect(), at = m.getContainer().getBoundingClientRect();
            const x = Math.round((p.x + at.left - box.left) * canvas.width / box.width), y = Math.round((p.y + at.top - box.top) * canvas.height / box.height);
            const data = canvas.getContext('2d').getImageData(x - 1, y - 1, 3, 3).data; let best = [0, 0, 0, 0];
            for (let i = 0; i < data.length; i += 4) if (data[i + 3] > best[3]) best = Array.from(data.slice(i, i + 4));
            return best;""", lat, lon)
    on_border, inland = border_alpha(vertex[1], vertex[0]), border_alpha(52.1, 19.4)
    assert on_border[3] >= 128 and max(on_border[:3]) < 120, f"the German–Polish border at {vertex} is not drawn: {on_border}"
    assert inland[3] == 0, f"a border drawn in the middle of Poland: {inland}"
    ok(f"the German–Polish border at {vertex[1]:.3f}°N {vertex[0]:.3f}°E is drawn (rgba {on_border}); central Poland is clear")
    js("window.geoqMap.setView([20, 0], 2, {animate: false})")

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
    audit("the search list open")
    ok(f"typing 'tok' suggests {titles}, Tokyo highlighted {marks}; axe-core finds nothing serious with the list open")

    # 3. Arrow keys and Enter choose Tokyo; the map flies there and the card shows its elevation and flooding.
    box = driver.find_element(By.ID, "search-input")
    for _ in range(index + 1):
        box.send_keys(Keys.ARROW_DOWN)
    selected = [li.find_element(By.CSS_SELECTOR, ".title").text for li in driver.find_elements(By.CSS_SELECTOR, '#suggestions li[aria-selected="true"]')]
    assert selected == ["Tokyo"], f"after {index + 1} presses of down, selected {selected}"
    assert box.get_attribute("aria-activedescendant") == f"suggestion-{index}"
    ended_before = map_moves()["ended"]
    box.send_keys(Keys.ENTER)
    state = wait_map_still(ended_before)
    check_centred(tokyo["latitude"], tokyo["longitude"], "Tokyo")
    point = api(f"/v1/flood/point?lat={tokyo['latitude']}&lon={tokyo['longitude']}")
    assert text("place-title") == "Tokyo"
    elevation = round(point["elevationM"])
    assert text("place-elevation") == f"Elevation {'−' if elevation < 0 else ''}{abs(elevation):,} m", text("place-elevation")
    expected_flooding = re.sub(r"(^|[\s(])-(?=\d)", "\\1\u2212", point["flooding"][0].upper() + point["flooding"][1:])
    assert text("place-flooding") == expected_flooding, text("place-flooding")
    # Where the model cannot tell (confidence low), the card says so and why (issue 34).
    reason = point["confidence"]["reason"]
    expected_confidence = re.sub(r"(^|[\s(])-(?=\d)", "\\1\u2212", reason[0].upper() + reason[1:]) + "." if point["confidence"]["level"] == "low" else ""
    assert text("place-confidence") == expected_confidence, (text("place-confidence"), point["confidence"])
    # The card names the model that answered, as the API does, and offers no fall of the sea
    # for a cell that is sea today.
    source = point["source"]
    assert text("place-source") == f"From heights in 9.3 km squares ({source['model']})", text("place-source")
    assert point["spillLevelM"] > 0 or js("return document.getElementById('place-set-rise').hidden") is True
    assert js("return document.getElementById('suggestions').hidden") is True
    driver.save_screenshot(f"{args.screenshots}/desktop-tokyo.png")
    audit("a place chosen")
    ok(f"choosing Tokyo centres it beside the panel (map centre {state['lat']:.3f}, {state['lon']:.3f}); the card says {text('place-elevation')!r}, {text('place-flooding')!r}, {text('place-source')!r}")

    # 4. The slider gives 0 to +10 m, in 0.1 m steps, more than half of its travel: every position
    #    from +0 m on is 0.1 m more up to +10 m, and 23 presses of → from +0 m reach +2.3 m.
    travel = js("""const s = document.getElementById('rise-slider'), max = Number(s.max), at = window.geoqPage.riseAtPosition;
                   const levels = []; for (let p = 0; p <= max; p++) levels.push(at(p)); return {max, levels};""")
    levels = travel["levels"]
    zero, ten = levels.index(0), levels.index(10)
    assert levels[zero:ten + 1] == [round(i / 10, 1) for i in range(101)], levels[zero:ten + 1]
    assert (ten - zero) / travel["max"] > 0.5, f"0–10 m takes {ten - zero} of {travel['max']} positions"
    assert levels == sorted(levels) and levels[0] == api_min and levels[-1] == api_max, levels
    slider = driver.find_element(By.ID, "rise-slider")
    slider.send_keys(Keys.ARROW_RIGHT * 23)
    assert text("rise-label") == "+2.3 m", text("rise-label")
    wait_stats(2.3)
    sources = wait_tiles(2.3)
    check_figures(2.3)
    wait.until(lambda d: js("return location.hash").startswith("#rise=2.3&"), "the URL never said rise=2.3")
    assert driver.find_element(By.ID, "rise-number").get_attribute("value") == "2.3"
    driver.save_screenshot(f"{args.screenshots}/desktop-2.3.png")
    ok(f"0–10 m in 0.1 m steps takes {ten - zero} of the slider's {travel['max']} positions; at +2.3 m: {len(sources)} tiles of rise=2.3, figures as the API's, #rise=2.3 in the URL")

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
    ended_before = map_moves()["ended"]
    driver.find_element(By.ID, "frame-all").click()
    wait.until(lambda d: d.find_element(By.ID, "framed").is_displayed(), "nothing framed")
    state = wait_map_still(ended_before)
    region = api("/v1/region?trim=1", json.dumps({"placeIds": ids}).encode())
    pins = check_framed(region["bbox"], "suggestions")
    full_names = js("return window.geoqPage.suggestions().map(s => s.title + (s.subtitle ? ', ' + s.subtitle : ''))")
    trimmed_shown = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#framed-trimmed li")]
    assert trimmed_shown == [full_names[i] for i in region["trimmedIndices"]][:12], f"trimmed {trimmed_shown}, API {region['trimmedIndices']} of {full_names}"
    assert pins == len(ids) - len(region["trimmedIndices"]), (pins, len(ids), region["trimmedIndices"])
    driver.save_screenshot(f"{args.screenshots}/desktop-frame-suggestions.png")
    ok(f"Frame all on {len(ids)} suggestions: bbox {region['bbox']} and {pins} pins clear of the panel, left out {trimmed_shown}")

    # 7. "Frame all" with no search: the places flooded at the current level.
    box.send_keys(Keys.ESCAPE)
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("value") == ""
    field = driver.find_element(By.ID, "rise-number")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("476", Keys.ENTER)
    wait_stats(476)
    ended_before = map_moves()["ended"]
    driver.find_element(By.ID, "frame-all").click()
    wait.until(lambda d: "flooded at +476 m" in d.find_element(By.ID, "framed-summary").text, "flooded places never framed")
    state = wait_map_still(ended_before)
    region = api("/v1/region?flooded_at=476", b"")
    pins = check_framed(region["bbox"], "flooded places")
    summary = text("framed-summary")
    trimmed_count = count(len(region["trimmedIndices"]))
    # The page says what the API framed, in the panel's terms (the places the map resolves as
    # flooded, and those it cannot tell), and the outliers left out, or that none were.
    at476 = api("/v1/flood/places?rise=476&limit=1")
    apart = at476["count"] - at476["resolvedCount"]
    terms = "places flooded at +476 m" + (f" ({count(at476['resolvedCount'])}) or that this map cannot tell ({count(apart)})" if apart else "")
    expected = (f"Framed {count(region['keptCount'])} of {count(region['pointCount'])} {terms}; "
                + (f"left out as outliers ({trimmed_count}):" if region["trimmedIndices"] else "none left out."))
    assert summary == expected, (summary, expected)
    driver.save_screenshot(f"{args.screenshots}/desktop-frame-flooded.png")
    ok(f"Frame all on the flooded places: {summary!r}; {pins} pins clear of the panel")

    # 7b. The panel is opaque; every figure and legend label explains itself on focus.
    background = js("return getComputedStyle(document.getElementById('panel')).backgroundColor")
    assert re.fullmatch(r"rgb\(\d+, \d+, \d+\)", background), f"the panel's background {background} is not opaque"
    terms = js("return [...document.querySelectorAll('#stats .term, .legend .term')].filter(t => t.offsetParent).map(t => t.getAttribute('aria-describedby'))")
    assert len(terms) >= 9, terms
    for tip in terms:
        js("document.querySelector('[aria-describedby=\"' + arguments[0] + '\"]').focus()", tip)
        shown = js("const t = document.getElementById(arguments[0]); return [getComputedStyle(t).display, t.textContent.length]", tip)
        assert shown[0] != "none" and shown[1] > 20, f"{tip}: {shown}"
    js("document.activeElement.blur()")
    ok(f"the panel's background is opaque ({background}); {len(terms)} labels explain themselves on focus")

    # 7c. The downloads: the view as a PNG of the size asked for, and its flooded land as GeoJSON
    #     inside the view's box.
    js("window.geoqMap.setView([53.5, 9.5], 8, {animate: false})")
    wait.until(lambda d: "bbox=" in (d.find_element(By.ID, "download-png").get_attribute("href") or ""))
    png_url = driver.find_element(By.ID, "download-png").get_attribute("href")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(png_url).query)
    assert query["rise"] == ["476"] and query["format"] == ["png"], query
    bounds = map_state()
    west, south, east, north = map(float, query["bbox"][0].split(","))
    assert abs(west - bounds["west"]) < 1e-3 and abs(east - bounds["east"]) < 1e-3 and abs(north - bounds["north"]) < 1e-3, (query["bbox"], bounds)
    data, _ = api_bytes(png_url[len(BASE):])
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    png_width, png_height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (png_width, png_height) == (int(query["width"][0]), int(query["height"][0])), (png_width, png_height, query)
    geojson_url = driver.find_element(By.ID, "download-geojson").get_attribute("href")
    land = json.loads(api_bytes(geojson_url[len(BASE):])[0])
    assert land["type"] == "FeatureCollection" and land["features"], land.get("type")
    def positions(coordinates):
        if isinstance(coordinates[0], (int, float)):
            yield coordinates
        else:
            for part in coordinates:
                yield from positions(part)
    outside = [p for f in land["features"] for p in positions(f["geometry"]["coordinates"])
               if not (west - 0.1 <= p[0] <= east + 0.1 and south - 0.1 <= p[1] <= north + 0.1)]
    assert outside == [], f"{len(outside)} positions of the GeoJSON outside the view {query['bbox']}: {outside[:3]}"
    ok(f"downloads: a {png_width}x{png_height} PNG of the view, and flooded land inside it ({len(land['features'])} features)")

    # 7d. The flooded places, browsed ten a page, most populous first; one click goes to one.
    js("document.getElementById('flooded-browse').open = true")
    first = api("/v1/flood/places?rise=476&limit=10&offset=0")
    def shown_page():
        return js("return [...document.querySelectorAll('#flooded-list li button')].map(b => b.textContent)")
    expected_first = [p["name"] + (", " + p["subtitle"] if p["subtitle"] else "") for p in first["places"]]
    wait.until(lambda d: shown_page() == expected_first, f"the first page never showed {expected_first[:3]}")
    driver.find_element(By.ID, "flooded-next").click()
    second = api("/v1/flood/places?rise=476&limit=10&offset=10")
    expected_second = [p["name"] + (", " + p["subtitle"] if p["subtitle"] else "") for p in second["places"]]
    wait.until(lambda d: shown_page() == expected_second, f"the second page never showed {expected_second[:3]}")
    assert text("flooded-page") == f"11–20 of {count(first['count'])}", text("flooded-page")
    ended_before = map_moves()["ended"]
    driver.find_element(By.CSS_SELECTOR, "#flooded-list li button").click()
    wait_map_still(ended_before)
    assert text("place-title") == second["places"][0]["name"], text("place-title")
    check_centred(second["places"][0]["latitude"], second["places"][0]["longitude"], second["places"][0]["name"])
    driver.save_screenshot(f"{args.screenshots}/desktop-browse.png")
    js("document.getElementById('flooded-browse').open = false")
    ok(f"browsing the flooded places: {expected_first[:2]}…, then 11–20; one click shows {second['places'][0]['name']} centred")
    assert severe_console_entries() == [], "console errors while using the page"
    ok("no console errors while searching, sliding and framing")

    # 8. A search that matches nothing says so.
    type_query("qxzqxzq")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li.empty"), "no 'No places found'")
    assert text("suggestions") == "No places, postal codes, airports, countries or regions found"
    ok("a search that matches nothing shows 'No places, postal codes, airports, countries or regions found'")

    # 8b. Postal codes and airports carry a word or icon for their kind; towns none.
    type_query("jfk")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-airport"), "no airport label for 'jfk'")
    first_kind = driver.find_element(By.CSS_SELECTOR, "#suggestions li .kind").text
    assert first_kind == "✈ JFK", first_kind
    type_query("9021")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-postcode"), "no postal-code label for '9021'")
    assert driver.find_element(By.CSS_SELECTOR, "#suggestions li .kind").text == "postal code"
    ok("suggestions show their kind: '✈ JFK' for an airport, 'postal code' for 90210")

    # 8c. A country chosen in the search box is framed whole (its outline's box) and its card
    #     shows the figures over its outline at the sea level chosen, the numbers /v1/flood?place=
    #     gives; a new sea level brings the card's figures for it.
    def area_figures():
        return {k: text(k) for k in ["area-flooded-land", "area-land-fraction", "area-population", "area-place-count"]}

    def expected_area_figures(answer):
        return {"area-flooded-land": km2(answer["newlyFloodedLandKm2"]), "area-land-fraction": percent(answer["landFloodedFraction"]),
                "area-population": resolved_figure(answer["floodedPlaces"]["population"], answer["floodedPlaces"]["resolvedPopulation"]),
                "area-place-count": resolved_figure(answer["floodedPlaces"]["count"], answer["floodedPlaces"]["resolvedCount"])}

    field = driver.find_element(By.ID, "rise-number")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("2", Keys.ENTER)
    wait_stats(2)
    for query, kind, title, rises in [("bangladesh", "country", "Bangladesh", (2, 3)), ("florida", "region", "Florida", (3,))]:
        box = type_query(query)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-" + kind), f"no {kind} label for '{query}'")
        first = driver.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]")[0]
        assert first.find_element(By.CSS_SELECTOR, ".title").text.startswith(title) and first.find_element(By.CSS_SELECTOR, ".kind").text == kind, first.text
        chosen_id = int(first.get_attribute("data-place-id"))  # the list is redrawn as the arrows move
        ended_before = map_moves()["ended"]
        box.send_keys(Keys.ARROW_DOWN)
        box.send_keys(Keys.ENTER)
        wait.until(lambda d: js("return document.body.dataset.areaRise") == str(rises[0]), f"the figures of {title} never shown")
        wait_map_still(ended_before)
        answer = api(f"/v1/flood?rise={rises[0]}&place={query}")
        assert answer["place"]["kind"] == kind and answer["place"]["title"] == title, answer["place"]
        assert chosen_id == answer["place"]["id"], (chosen_id, answer["place"])
        check_framed(answer["area"]["bbox"], title, pinned=False)
        assert text("place-title") == title, text("place-title")
        assert area_figures() == expected_area_figures(answer), f"{title} at {rises[0]}: card {area_figures()}, API {expected_area_figures(answer)}"
        assert js("return document.getElementById('place-point').hidden") is True
        assert text("place-source") == f"Over its outline, from {'heights in 9.3 km squares'} ({answer['source']['model']})", text("place-source")
        for rise in rises[1:]:
            field = driver.find_element(By.ID, "rise-number")
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(str(rise), Keys.ENTER)
            wait.until(lambda d: js("return document.body.dataset.areaRise") == str(rise), f"the figures of {title} at {rise} never shown")
            answer = api(f"/v1/flood?rise={rise}&place={query}")
            assert area_figures() == expected_area_figures(answer), f"{title} at {rise}: card {area_figures()}, API {expected_area_figures(answer)}"
        driver.save_screenshot(f"{args.screenshots}/desktop-{query}.png")
    audit("a country's card")
    assert severe_console_entries() == [], "console errors while choosing areas"
    ok(f"choosing Bangladesh or Florida frames its outline's box; the card shows {area_figures()} at +3 m, as /v1/flood?place= gives")

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

    # 9b. The year and scenario beside the sea level: 2100 under SSP5-8.5 sets the sea to the rise
    #     /v1/flood states for them, the report's median (AR6 WG1 Table 9.9: 0.77 m), shows the
    #     likely range the report gives (0.63–1.01 m), and puts both in the link; the link restores
    #     them; moving the sea by hand lets go of them.
    projection = api("/v1/flood?year=2100&scenario=SSP5-8.5&limit=1")["seaLevel"]["projection"]
    projected = projection["riseM"]
    def centimetres(metres):  # halves up, as the report rounds (0.625 m is 0.63)
        return math.floor(metres * 100 + 0.5) / 100
    assert centimetres(projected) == 0.77 and [centimetres(v) for v in projection["likelyRangeM"]] == [0.63, 1.01], projection
    year_field = driver.find_element(By.ID, "projection-year")
    year_field.send_keys(Keys.CONTROL, "a")
    year_field.send_keys("2100", Keys.TAB)
    Select(driver.find_element(By.ID, "projection-scenario")).select_by_value("SSP5-8.5")
    wait_stats(projected)
    check_figures(projected)
    assert text("rise-label") == rise_text(projected), text("rise-label")
    assert "2100, SSP5-8.5, median: +0.77 m (likely 0.63–1.01 m), global mean" in text("projection-note"), text("projection-note")
    wait.until(lambda d: js("return location.hash").endswith("&year=2100&scenario=SSP5-8.5"), "the URL never kept year=2100&scenario=SSP5-8.5")
    link = js("return location.href")
    driver.get("about:blank")
    driver.get(link)
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(projected)
    wait.until(lambda d: "likely 0.63–1.01 m" in text("projection-note"), "the link's projection never shown again")
    kept = (driver.find_element(By.ID, "projection-year").get_attribute("value"),
            Select(driver.find_element(By.ID, "projection-scenario")).first_selected_option.get_attribute("value"))
    assert kept == ("2100", "SSP5-8.5"), kept
    driver.save_screenshot(f"{args.screenshots}/desktop-projection.png")
    driver.find_element(By.ID, "rise-slider").send_keys(Keys.ARROW_RIGHT)
    wait.until(lambda d: "year=" not in js("return location.hash"), "moving the sea by hand never let go of the year")
    assert Select(driver.find_element(By.ID, "projection-scenario")).first_selected_option.get_attribute("value") == "" and text("projection-note") == ""
    assert severe_console_entries() == []
    ok(f"2100 under SSP5-8.5 sets the sea to {rise_text(projected)} with its likely range, in the link and back from it; the slider lets go")

    # 9b'. With a regional projection file set up (scripts/browser/ar6-regional-ssp585.vrt), the
    #     selector shows the file's value at the map's centre, not the global mean: over Hamburg
    #     2100 under SSP5-8.5 is the first location's 1100 mm (likely 900–1400), as
    #     /v1/projections gives there; moved to 30° S 100° E it follows to the second's 300 mm.
    if args.regional_url:
        regional = args.regional_url.rstrip("/")
        with urllib.request.urlopen(regional + "/v1/projections?lat=53.55&lon=10", timeout=30) as response:
            row = next(r for r in json.load(response)["rows"] if r["scenario"] == "SSP5-8.5" and r["year"] == 2100)
        assert row["extent"] == "regional" and row["medianM"] == 1.1 and row["likelyRangeM"] == [0.9, 1.4], row
        driver.get("about:blank")
        driver.get(regional + "/#rise=0&lat=53.55&lon=10&z=8")
        wait.until(lambda d: js("return !!window.geoqMap"))
        wait_stats(0)
        year_field = driver.find_element(By.ID, "projection-year")
        year_field.send_keys(Keys.CONTROL, "a")
        year_field.send_keys("2100", Keys.TAB)
        Select(driver.find_element(By.ID, "projection-scenario")).select_by_value("SSP5-8.5")
        wait_stats(1.1)
        assert text("rise-label") == rise_text(1.1), text("rise-label")
        wait.until(lambda d: "regional" in text("projection-note"), "the regional file's value never named")
        assert "median: +1.10 m (likely 0.90–1.40 m), regional" in text("projection-note"), text("projection-note")
        driver.save_screenshot(f"{args.screenshots}/desktop-projection-regional.png")
        js("window.geoqMap.setView([-30, 100], 6, {animate: false})")
        wait_stats(0.3)
        assert "likely 0.20–0.45 m" in text("projection-note"), text("projection-note")
        assert severe_console_entries() == []
        driver.get("about:blank")
        driver.get(BASE + "/#rise=0&lat=20&lon=0&z=2")
        wait.until(lambda d: js("return !!window.geoqMap"))
        wait_stats(0)
        ok("with a regional file the selector shows its value at the map's centre (+1.1 m by Hamburg in 2100, SSP5-8.5), "
           "and follows the map (+0.3 m at 30° S 100° E)")

    # 9c. Zoomed in past the model answering at the centre, the page says so: over Lyon at the
    # page's deepest zoom z, ETOPO5's 9.3 km cells span 9300 / (40075017 · cos 45.76° / 2^(z+8))
    # pixels (87 at zoom 10); at zoom 4 about 1.4, and the note goes. Over Hamburg at the deepest
    # zoom the fine model's 93 m cells (SRTM 3″) span about one pixel: no note.
    js("window.geoqMap.setView([45.76, 4.84], 18, {animate: false})")
    wait.until(lambda d: d.find_element(By.ID, "resolution-note").is_displayed(), "no note zoomed in past ETOPO5 over Lyon")
    note = text("resolution-note")
    deepest = js("return window.geoqMap.getZoom()")
    expected_pixels = 9300 / (40075016.686 * math.cos(math.radians(45.76)) / 2 ** (deepest + 8))
    assert "etopo5" in note and "9.3 km" in note, note
    shown_pixels = int(re.search(r"about ([0-9,]+) pixels", note).group(1).replace(",", ""))
    assert abs(shown_pixels - expected_pixels) <= 2, (note, deepest, expected_pixels)
    js("window.geoqMap.setView([45.76, 4.84], 4, {animate: false})")
    wait.until(lambda d: not d.find_element(By.ID, "resolution-note").is_displayed(), "the note stayed at zoom 4")
    ok(f"zoomed past the model the page says {note!r}; not at zoom 4")

    # 9d. Street scale over the Hamburg tile (N53E009.hgt, 93 m): the map goes to zoom 16, its
    #     tiles drawn from the tile's cells, and the note names the tile (93 m cells span
    #     93 / (40075017 · cos 53.55° / 2^24) ≈ 65 pixels at zoom 16, 8 at zoom 13).
    js("window.geoqMap.setView([53.55, 9.95], 16, {animate: false})")
    wait.until(lambda d: js("return window.geoqMap.getZoom()") == 16, f"the map stops at zoom {js('return window.geoqMap.getZoom()')} over Hamburg")
    wait.until(lambda d: "N53E009.hgt" in text("resolution-note"), f"the note over Hamburg at zoom 16 says {text('resolution-note')!r}")
    street_tiles = js("return [...document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded')].map(i => i.dataset.src || i.src).filter(u => u.includes('/v1/tiles/16/'))")
    assert street_tiles, "no zoom-16 tile drawn over Hamburg"
    # A zoom-16 tile is drawn from the fine model: its picture is not the base's (ETOPO5's one
    # 9.3 km cell would fill it with one colour).
    colours = set()
    for tile_url in street_tiles[:2]:
        _, _, channels, rows = decode_png(api_bytes(tile_url[tile_url.index("/v1/"):])[0])
        colours |= {bytes(row[i:i + channels]) for row in rows for i in range(0, len(row), channels)}
    assert len(colours) > 1, f"the zoom-16 tiles over Hamburg are one colour: {colours}"
    assert "93 m" in text("resolution-note"), text("resolution-note")
    ok(f"zoom 16 over Hamburg: {len(street_tiles)} tiles, and the note says {text('resolution-note')!r}")
    # West of the city centre (9.99° E, a kilometre from the tile's edge): the part of the map
    # the panel leaves is east of the map's centre, and the note reads the point seen there.
    js("window.geoqMap.setView([53.55, 9.9], 14, {animate: false})")
    wait.until(lambda d: "N53E009.hgt" in text("resolution-note"), "the note over Hamburg at zoom 14 on the desktop never named N53E009.hgt")
    ok(f"the note over Hamburg at zoom 14 on the desktop names N53E009.hgt")

    # 9e. The view's flooded land over Hamburg at +2 m, downloaded, holds the tile's polygons
    #     where the tile reaches: edges on its 3" cells, not only on the base's 5' lines.
    js("window.geoqPage.setRise(2)")
    js("window.geoqMap.setView([53.55, 9.6], 10, {animate: false})")
    wait.until(lambda d: "rise=2&bbox=" in (d.find_element(By.ID, "download-geojson").get_attribute("href") or ""), "the GeoJSON link never took +2 m")
    geojson_url = driver.find_element(By.ID, "download-geojson").get_attribute("href")
    land = json.loads(api_bytes(geojson_url[len(BASE):])[0])
    in_tile = [p for f in land["features"] for ring in f["geometry"]["coordinates"] for p in ring if 9 <= p[0] <= 10 and 53 <= p[1] <= 54]
    off_base = [p for p in in_tile if abs(p[0] * 12 - round(p[0] * 12)) > 0.01 or abs(p[1] * 12 - round(p[1] * 12)) > 0.01]
    assert len(land["features"]) > 24 and len(off_base) > 100, f"{len(land['features'])} features, {len(off_base)} of {len(in_tile)} vertices in the tile off the base's 5' lines ({geojson_url})"
    ok(f"the GeoJSON download over Hamburg at +2 m: {len(land['features'])} features, {len(off_base)} vertices on the tile's cells")

    # 10. A malformed fragment falls back to the defaults (+0 m, 20°N 0°E, zoom 2).
    driver.get("about:blank")
    driver.get(BASE + "/#rise=abc&z=x")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(0)
    state = map_state()
    assert (round(state["lat"], 6), round(state["lon"], 6), state["zoom"]) == (20, 0, 2), state
    assert text("rise-label") == "+0 m" and driver.find_element(By.ID, "rise-number").get_attribute("value") == "0"
    wait.until(lambda d: js("return location.hash") == "#rise=0&lat=20.0000&lon=0.0000&z=2", "the URL never showed the defaults")
    assert "rise=abc" in text("message") and "z=x" in text("message"), text("message")
    assert severe_console_entries() == []
    ok(f"#rise=abc&z=x falls back to the defaults; the page says {text('message')!r}")

    # 10b. A level past the page's limits is the nearest it can show, said in one line; the
    #      link's place and sea stay (never the world instead).
    driver.get("about:blank")
    driver.get(BASE + "/#rise=2&lat=53.55&lon=9.99&z=25")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(2)
    state = map_state()
    assert state["zoom"] == 16 and abs(state["lat"] - 53.55) < 0.01 and abs(state["lon"] - 9.99) < 0.01, state
    message = text("message")
    assert "z=25" in message and "showing z=16" in message and "default" not in message and "\n" not in message, message
    # A level in metres shows no year beside "metres".
    year_shown = driver.find_element(By.ID, "projection-year").get_attribute("value")
    assert year_shown == "" and Select(driver.find_element(By.ID, "projection-scenario")).first_selected_option.text == "metres", year_shown
    ok(f"#z=25 is shown at zoom 16 where the link points; the page says {message!r}")

    # 10c. No card or suggestion speaks jargon: Valletta's 9.3 km cell (on 50 m cliffs, a cell
    #      of -103 m), a point read by a click, and the suggestions for a country.
    jargon = ["cell's sea's", "whose height this model cannot tell", "lies within that", "is known only to", "Country (country)"]
    driver.get("about:blank")
    driver.get(BASE + "/#rise=2&lat=35.8989&lon=14.5146&z=9")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(2)
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "map")).click().perform()
    wait.until(lambda d: d.find_element(By.ID, "place").is_displayed() and text("place-subtitle") == "The point chosen", "a click on the map read no point")
    card = driver.find_element(By.ID, "place").text
    # The card is asked at the sea the page shows (+2 m), and says what the API says there.
    asked = js("return performance.getEntriesByType('resource').map(e => e.name).filter(u => u.includes('/v1/flood/point?')).pop() || ''")
    assert "rise=2" in asked, f"the point card was asked {asked!r}, not at the page's +2 m"
    answer = api(asked[asked.index("/v1/"):])
    assert text("place-flooding").lower().replace("\u2212", "-") == answer["flooding"].lower(), (text("place-flooding"), answer["flooding"])
    type_query("bangladesh")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]"), "no suggestions for 'bangladesh'")
    said = card + "\n" + driver.find_element(By.ID, "suggestions").text
    assert not [j for j in jargon if j in said], f"jargon shown: {[j for j in jargon if j in said]} in {said!r}"
    type_query("")
    ok(f"no jargon on a card or in suggestions, and the point card at +2 m says the API's {answer['flooding']!r}: {card!r}")

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
    assert layout["panel"]["height"] <= 844 / 3 + 0.5, f"the collapsed sheet is {layout['panel']['height']} px tall, more than a third of 844"
    driver.save_screenshot(f"{args.screenshots}/phone-amsterdam.png")
    # The suggestions for Amsterdam (sea today on ETOPO5's cell: the longest answer) fit, unoverlapped.
    # 11-. On a phone the note over Hamburg names the model under the centre of what is seen
    #      (above the sheet), the fine tile, as on the desktop.
    driver.get("about:blank")
    driver.get(BASE + "/#rise=0&lat=53.55&lon=9.9&z=14")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait.until(lambda d: "N53E009.hgt" in text("resolution-note"), f"the note over Hamburg on a phone says {text('resolution-note')!r}")
    ok(f"on a phone the note over Hamburg says {text('resolution-note')!r}")
    driver.get("about:blank")
    driver.get(BASE + "/#rise=10&lat=52.3&lon=4.9&z=6")
    wait.until(lambda d: js("return !!window.geoqMap"))
    wait_stats(10)

    # 11a. A country's card on a phone (before a town is chosen and the pins framed, which
    #      the steps after this section start from): framed in the map above the sheet, its card in the
    #      sheet's view, its figures those /v1/flood?place= gives at the page's sea level.
    box = type_query("bangladesh")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-country"), "no country label for 'bangladesh' on a phone")
    check_suggestion_text_boxes("phone suggestions for 'bangladesh'")
    ended_before = map_moves()["ended"]
    box.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    wait.until(lambda d: js("return document.body.dataset.areaRise") not in (None, ""), "Bangladesh's figures never shown on a phone")
    wait_map_still(ended_before)
    phone_rise = js("return document.body.dataset.areaRise")
    area_answer = api(f"/v1/flood?rise={phone_rise}&place=bangladesh")
    assert area_answer["place"]["title"] == "Bangladesh", area_answer["place"]
    check_framed(area_answer["area"]["bbox"], "Bangladesh on a phone", pinned=False)
    assert area_figures() == expected_area_figures(area_answer), f"phone card {area_figures()}, API {expected_area_figures(area_answer)}"
    def bangladesh_card():
        return js("""const c = document.getElementById('place').getBoundingClientRect(), p = document.getElementById('panel').getBoundingClientRect();
                     return {top: c.top, panelTop: p.top, panelBottom: p.bottom};""")
    # The sheet scrolls to the card smoothly, which a loaded machine can leave unfinished when the
    # map has settled: waited for, not read once.
    try:
        wait.until(lambda d: (lambda card: card["panelTop"] - 1 <= card["top"] <= card["panelBottom"] - 40)(bangladesh_card()))
    except Exception:
        pass
    card = bangladesh_card()
    assert card["panelTop"] - 1 <= card["top"] <= card["panelBottom"] - 40, f"Bangladesh's card is not in the sheet's view: {card}"
    driver.save_screenshot(f"{args.screenshots}/phone-bangladesh.png")
    box.send_keys(Keys.ESCAPE, Keys.ESCAPE)
    ok(f"on a phone Bangladesh is framed above the sheet and its card, in the sheet's view, shows {area_figures()} at +{phone_rise} m, as /v1/flood?place= gives")
    box = type_query("amsterdam")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]")) > 1, "no suggestions for 'amsterdam'")
    time.sleep(0.3)
    check_suggestion_text_boxes("phone suggestions for 'amsterdam'")
    driver.save_screenshot(f"{args.screenshots}/phone-suggestions.png")
    chosen = js("return window.geoqPage.suggestions()[0]")
    ended_before = map_moves()["ended"]
    box.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    wait_map_still(ended_before)
    check_centred(chosen["latitude"], chosen["longitude"], "the place chosen on a phone")
    card = js("""const c = document.getElementById('place').getBoundingClientRect(), p = document.getElementById('panel').getBoundingClientRect();
                 return {top: c.top, panelTop: p.top, panelBottom: p.bottom};""")
    assert card["panelTop"] - 1 <= card["top"] <= card["panelBottom"] - 40, f"the place card is not in the sheet's view: {card}"
    driver.save_screenshot(f"{args.screenshots}/phone-chosen.png")
    box.send_keys(Keys.ESCAPE, Keys.ESCAPE)
    ended_before = map_moves()["ended"]
    driver.find_element(By.ID, "frame-all").click()
    wait.until(lambda d: "flooded at +10 m" in d.find_element(By.ID, "framed-summary").text, "flooded places never framed on the phone")
    wait_map_still(ended_before)
    # What the panel counts at +10 m: the places the map resolves as flooded (the list holds them first).
    at10 = api("/v1/flood/places?rise=10&limit=1000")
    resolved10 = [p["id"] for p in at10["places"] if (p.get("confidence") or {}).get("level") != "low"]
    framed10 = api("/v1/region?trim=1", json.dumps({"placeIds": resolved10}).encode()) if len(resolved10) == at10["resolvedCount"] > 0 \
        else api("/v1/region?flooded_at=10", b"")
    phone_pins = check_framed(framed10["bbox"], "flooded places on a phone")
    driver.save_screenshot(f"{args.screenshots}/phone-frame.png")
    ok(f"on 390x844 the sheet is {layout['panel']['height']:.0f} px; Amsterdam's suggestions overlap nothing; {chosen['title']} is centred above the sheet; {phone_pins} framed pins clear of it")
    assert severe_console_entries() == []
    audit("a phone-sized window")
    ok("a shared link (#rise=10&lat=52.3&lon=4.9&z=6) restores its view; on 390x844 everything fits; axe-core finds nothing serious")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # 12. Tiles and legend agree: a tile's pixel over a cell of each flat class (the class worked out
    #     here from /v1/flood/point) has the legend's colour; hatched, the stripes fall where promised.
    def tile_pixel(lat, lon, rise, zoom=6, hatch=False):
        world = 256 << zoom
        gx = int((lon + 180) / 360 * world)
        gy = int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * world)
        centre_lon = (gx + 0.5) / world * 360 - 180
        centre_lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (gy + 0.5) / world))))
        point = api(f"/v1/flood/point?lat={centre_lat:.6f}&lon={centre_lon:.6f}")
        png, _ = api_bytes(f"/v1/tiles/{zoom}/{gx // 256}/{gy // 256}.png?rise={rise}" + ("&hatch=1" if hatch else ""))
        width, height, channels, rows = decode_png(png)
        x, y = gx % 256, gy % 256
        return flood_class(point, rise), tuple(rows[y][x * channels:x * channels + 3]), (gx, gy)
    samples = {"newlyFlooded": (53.0, 6.0, 10), "isolatedLowland": (31.5, 35.42, 0), "exposedSeaFloor": (55.0, 3.0, -120)}
    for name, (lat, lon, rise) in samples.items():
        found, colour, _ = tile_pixel(lat, lon, rise)
        assert found == name, f"{lat}, {lon} at {rise:+} m is {found} by /v1/flood/point, expected {name}"
        assert colour == legend_colours[name], f"tile pixel of {name} at {lat}, {lon}: {colour}, legend {legend_colours[name]}"
    stripe, period, width_px = hex_rgb(palette["hatch"]["colour"]), palette["hatch"]["periodPx"], palette["hatch"]["stripePx"]
    hatched = []
    for dlon in range(period):
        found, colour, (gx, gy) = tile_pixel(53.0, 6.0 + dlon * 360 / (256 << 6), 10, hatch=True)
        if found == "newlyFlooded":
            expected = stripe if (gx + gy) % period < width_px else legend_colours["newlyFlooded"]
            assert colour == expected, f"hatched pixel ({gx}, {gy}): {colour}, expected {expected}"
            hatched.append(colour == stripe)
    assert True in hatched and False in hatched, f"hatching never showed both colours: {hatched}"
    box = driver.find_element(By.ID, "hatch")
    box.click()
    wait.until(lambda d: any("hatch=1" in s for s in js("return [...document.querySelectorAll('.leaflet-tile-pane img')].map(i => i.dataset.src || i.src)")), "hatched tiles never asked for")
    assert "hatch=1" in js("return location.hash") or wait.until(lambda d: "hatch=1" in js("return location.hash"))
    box.click()
    ok(f"tile pixels of {sorted(samples)} equal the legend's colours; hatched tiles stripe flooded land every {period} px; the Hatch box asks for them")

    # 13. Keyboard alone: set +2.3 m, search and choose a place, set the sea to its level, frame all,
    #     read the figures. Every stop shows its focus; names say what the eye sees.
    driver.get("about:blank")
    driver.get(BASE + "/#rise=0&lat=20&lon=0&z=2")
    wait_stats(0)
    js("document.activeElement && document.activeElement.blur()")
    route = tab_to("rise-slider")
    press(Keys.ARROW_RIGHT * 23)
    assert text("rise-label") == "+2.3 m", text("rise-label")
    assert driver.find_element(By.ID, "rise-slider").get_attribute("aria-valuetext") == "+2.3 m"
    wait_stats(2.3)
    check_figures(2.3)
    tab_to("search-input", backwards=True)
    press("osa")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]"), "no suggestions for 'osa'")
    press(Keys.ESCAPE)
    assert js("return document.getElementById('suggestions').hidden") is True, "Esc left the list open"
    press("ka")
    wait.until(lambda d: js("return !document.getElementById('suggestions').hidden && document.getElementById('search-input').value === 'osaka'"))
    time.sleep(0.3)
    press(Keys.ARROW_DOWN)
    active = driver.find_element(By.ID, "search-input").get_attribute("aria-activedescendant")
    option = driver.find_element(By.ID, active)
    assert option.get_attribute("role") == "option" and option.get_attribute("aria-selected") == "true"
    spoken = option.get_attribute("textContent")
    osaka = next(c for c in api("/v1/complete?q=osaka&limit=8")["completions"] if c["title"] == option.find_element(By.CSS_SELECTOR, ".title").text)
    assert osaka["title"] in spoken and osaka["subtitle"] in spoken and osaka["flooding"].replace("-", "\u2212") in spoken, f"option says {spoken!r}"
    press(Keys.ENTER)
    wait.until(lambda d: text("place-title") == osaka["title"], "the place card never showed the choice")
    tab_to("place-set-rise")
    level = osaka["spillLevelM"]
    assert text("place-set-rise") == f"Set the sea to {rise_text(level)}", text("place-set-rise")
    press(Keys.ENTER)
    wait_stats(level)
    assert text("rise-label") == rise_text(level)
    flood, places = check_figures(level)
    tab_to("frame-all", backwards=True)
    press(Keys.ENTER)
    wait.until(lambda d: d.find_element(By.ID, "framed").is_displayed(), "Frame all never framed")
    live = js("return [document.getElementById('stats-region').getAttribute('aria-live'), document.getElementById('place').getAttribute('aria-live'), document.getElementById('framed').getAttribute('aria-live')]")
    assert live == ["polite", "polite", "polite"], live
    figures = js("return [...document.querySelectorAll('#stats dt:not([hidden])')].map(dt => dt.querySelector('.term').textContent + ': ' + dt.nextElementSibling.textContent)")
    assert figures[0] == f"Land newly under water: {km2(flood['newlyFloodedLandKm2'])}" and figures[2] == f"People in flooded places: {resolved_figure(places['population'], places['resolvedPopulation']).replace(chr(10), ' ')}", figures
    assert severe_console_entries() == []
    driver.save_screenshot(f"{args.screenshots}/keyboard-journey.png")
    ok(f"by keyboard alone: +2.3 m, {osaka['title']} chosen, the sea at {rise_text(level)}, framed; the figures read {figures[:2]}; focus visible at {len(route)} stops")

    # 14. The globe: Europe at +476 m, read pixel by pixel where known points are drawn.
    def globe_pixel(lat, lon):
        """The canvas pixel at a point's screen position, and whether the globe shows it there."""
        return js("""const g = window.geoqGlobe, c = g.canvas, p = g.screenPosition(arguments[0], arguments[1]);
            const box = c.getBoundingClientRect(), x = Math.floor((p.x - box.left) * c.width / box.width), y = Math.floor((p.y - box.top) * c.height / box.height);
            const probe = document.createElement('canvas'); probe.width = probe.height = 1;
            const context = probe.getContext('2d'); context.drawImage(c, x, y, 1, 1, 0, 0, 1, 1);
            return {rgb: Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3)), visible: p.visible, onTop: document.elementFromPoint(p.x, p.y) === c};""", lat, lon)

    def wait_globe_drawn():
        wait.until(lambda d: js("return !!window.geoqGlobe && window.geoqGlobe.framesDrawn > 0"), "the globe never drew")
        frames = None
        for _ in range(100):  # until no frame has been drawn for half a second
            time.sleep(0.25)
            now = js("return window.geoqGlobe.framesDrawn")
            if now == frames:
                return
            frames = now
        raise AssertionError("the globe never stopped drawing")

    # The sea is drawn unshaded in the palette's ramp by depth: its colours are exactly these.
    sea_colours = {tuple(colour_vision.ramp(palette["seaRamp"], depth, "depthM")) for depth in range(0, 12001)}

    def is_sea_colour(rgb):
        return tuple(rgb) in sea_colours

    # Dry ground is its colour (the land ramp by height, or exposed sea floor) lit by the hill
    # shading, a factor 0.4 + 0.9 (a − 1) / 254 for a shade a of 1 to 255, clipped to white.
    shade_factors = [0.4 + 0.9 * (a - 1) / 254 for a in range(1, 256)]
    land_colours = {tuple(colour_vision.ramp(palette["landRamp"], metres, "elevationM")) for metres in range(0, 9001)}

    def shaded_from(rgb, colours):
        """The colour of `colours` that some shade factor turns into `rgb` (±1 a channel), or None."""
        for colour in colours:
            for factor in shade_factors:
                if all(abs(min(255, math.floor(c * factor + 0.5)) - v) <= 1 for c, v in zip(colour, rgb)):
                    return colour
        return None

    driver.get("about:blank")
    driver.get(BASE + "/#view=globe&rise=476&lat=45&lon=10")
    wait_stats(476)
    wait_globe_drawn()
    assert js("return document.body.dataset.view") == "globe" and text("rise-label") == "+476 m"
    assert relief_row_shown(), "the relief height slider is not shown on the globe"
    # The globe's place names: London (the largest town in its part of the hemisphere in view)
    # among them, none overlapping, each where its place faces the viewer.
    wait.until(lambda d: int(js("return document.body.dataset.globeLabels || '0'")) > 0, "no names on the globe")
    globe_names = js("""return [...document.querySelectorAll('#globe .globe-labels .place-label')].map(e => { const r = e.getBoundingClientRect();
        return {name: e.textContent, id: Number(e.dataset.placeId), left: r.left, top: r.top, right: r.right, bottom: r.bottom, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2}; })""")
    towns = {t["id"]: t for t in api("/v1/places/largest?limit=1000")["labels"]}
    for i, a in enumerate(globe_names):
        for other in globe_names[i + 1:]:
            assert not (a["left"] < other["right"] and other["left"] < a["right"] and a["top"] < other["bottom"] and other["top"] < a["bottom"]), f"on the globe {a} overlaps {other}"
        town = towns[a["id"]]
        at = js("return window.geoqGlobe.screenPosition(arguments[0], arguments[1])", town["latitude"], town["longitude"])
        assert at["visible"] and abs(at["x"] - a["x"]) <= 1.5 and abs(at["y"] - a["y"]) <= 1.5, f"{a['name']} is not written at its place {at}: {a}"
    assert "London" in [a["name"] for a in globe_names], [a["name"] for a in globe_names]
    known = {"North European Plain": (52.5, 20.0), "Alps": (46.5, 10.0), "open Atlantic": (45.0, -20.0)}
    seen = {}
    for name, (lat, lon) in known.items():
        seen[name] = globe_pixel(lat, lon)
        assert seen[name]["visible"] and seen[name]["onTop"], f"{name} is not in sight on the globe: {seen[name]}"
    classes = {name: flood_class(api(f"/v1/flood/point?lat={lat}&lon={lon}"), 476) for name, (lat, lon) in known.items()}
    assert classes == {"North European Plain": "newlyFlooded", "Alps": "dryLand", "open Atlantic": "sea"}, classes
    assert tuple(seen["North European Plain"]["rgb"]) == legend_colours["newlyFlooded"], seen
    assert tuple(seen["Alps"]["rgb"]) != legend_colours["newlyFlooded"] and not is_sea_colour(seen["Alps"]["rgb"]), seen
    assert shaded_from(seen["Alps"]["rgb"], land_colours), f"the Alps {seen['Alps']['rgb']} are no land-ramp colour under any hill shading"
    assert is_sea_colour(seen["open Atlantic"]["rgb"]), seen
    assert js("return performance.getEntriesByType('resource').filter(e => e.name.includes('/v1/tiles/')).length") == 0, "the globe view fetched map tiles"
    driver.save_screenshot(f"{args.screenshots}/globe-476.png")
    audit("the globe view")
    ok(f"the globe at +476 m: North European Plain {seen['North European Plain']['rgb']} (flooded), Alps {seen['Alps']['rgb']}, Atlantic {seen['open Atlantic']['rgb']}; axe-core finds nothing serious; {len(globe_names)} names where they fit ({', '.join(a['name'] for a in globe_names[:5])}, …)")

    # 14b. At +0 m the Dead Sea is not sea: the sea cannot reach it.
    js("location.hash = '#view=globe&rise=0&lat=31.5&lon=35.4&z=5'")  # the same page: the globe turns there
    wait_stats(0)
    wait_globe_drawn()
    dead_sea = globe_pixel(31.5, 35.42)
    assert dead_sea["visible"] and not is_sea_colour(dead_sea["rgb"]), f"the Dead Sea is drawn as sea: {dead_sea}"
    assert tuple(dead_sea["rgb"]) == legend_colours["isolatedLowland"], f"the Dead Sea at +0 m: {dead_sea}, isolated lowland is {legend_colours['isolatedLowland']}"
    ok(f"the Dead Sea on the globe at +0 m is isolated lowland {dead_sea['rgb']}, not sea")

    # 14c. Moving the level from 0 to +2.3 m, then to the end (+12,000 m), asks only for the figures:
    #      no image, tile or relief.
    before = js("return performance.getEntriesByType('resource').length")
    slider = driver.find_element(By.ID, "rise-slider")
    slider.send_keys(Keys.ARROW_RIGHT * 23)
    assert text("rise-label") == "+2.3 m"
    wait_stats(2.3)
    slider.send_keys(Keys.END)
    assert text("rise-label") == "+12,000 m"
    wait_stats(12000)
    wait_globe_drawn()
    fetched = js("return performance.getEntriesByType('resource').slice(arguments[0]).map(e => e.name.replace(location.origin, ''))", before)
    other = [u for u in fetched if not re.match(r"^/v1/flood(/places)?\?rise=-?\d+(\.\d)?&limit=\d+$", u)]
    assert fetched and other == [], f"while moving the level the page asked for {other}"
    dead_sea_476 = globe_pixel(31.5, 35.42)
    assert tuple(dead_sea_476["rgb"]) != tuple(dead_sea["rgb"]), "the globe did not recolour"
    ok(f"0 → +2.3 → +12,000 m on the globe: {len(fetched)} requests, all for figures; the Dead Sea recoloured to {dead_sea_476['rgb']}")

    # 14d. Keys turn the globe; −11,000 m drains the sea bed; no console errors all along.
    before_view = js("return window.geoqGlobe.view()")
    driver.find_element(By.ID, "globe").find_element(By.TAG_NAME, "canvas").send_keys(Keys.ARROW_RIGHT * 3, "-")
    wait_globe_drawn()
    after_view = js("return window.geoqGlobe.view()")
    assert after_view["lon"] > before_view["lon"] + 1 and after_view["distance"] > before_view["distance"], (before_view, after_view)
    field = driver.find_element(By.ID, "rise-number")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("-11000", Keys.ENTER)
    wait_stats(-11000)
    js("window.geoqGlobe.flyTo({lat: 10, lon: -150, distance: 3.2})")
    wait_globe_drawn()
    pacific = globe_pixel(10, -150)
    assert not is_sea_colour(pacific["rgb"]), f"the Pacific is still sea at −11,000 m: {pacific}"
    assert shaded_from(pacific["rgb"], [legend_colours["exposedSeaFloor"]]), f"the Pacific floor at −11,000 m {pacific['rgb']} is not the exposed sea floor's {legend_colours['exposedSeaFloor']} under any hill shading"
    driver.save_screenshot(f"{args.screenshots}/globe-minus-11000.png")
    assert severe_console_entries() == [], "console errors on the globe"
    ok(f"keys turn and zoom the globe ({before_view['lon']:.1f}° → {after_view['lon']:.1f}°); at −11,000 m the Pacific floor is dry {pacific['rgb']}; no console errors")

    # 14e. Drag turns the globe; a click reads the point under it; search turns the globe to the place.
    canvas = driver.find_element(By.ID, "globe").find_element(By.TAG_NAME, "canvas")
    before_drag = js("return window.geoqGlobe.view()")
    ActionChains(driver).move_to_element(canvas).click_and_hold().move_by_offset(-120, 0).release().perform()
    wait_globe_drawn()
    after_drag = js("return window.geoqGlobe.view()")
    assert after_drag["lon"] > before_drag["lon"] + 2, f"dragging left did not turn the globe east: {before_drag} → {after_drag}"
    ActionChains(driver).move_to_element(canvas).click().perform()
    wait.until(lambda d: d.find_element(By.ID, "place").is_displayed() and text("place-subtitle") == "The point chosen", "a click on the globe read no point")
    clicked = js("return window.geoqGlobe.view()")
    read = api(f"/v1/flood/point?lat={clicked['lat']:.4f}&lon={clicked['lon']:.4f}")
    assert text("place-flooding") == re.sub(r"(^|[\s(])-(?=\d)", "\\1\u2212", read["flooding"][0].upper() + read["flooding"][1:]), (text("place-flooding"), read)
    assert (text("place-confidence") != "") == (read["confidence"]["level"] == "low"), (text("place-confidence"), read["confidence"])
    type_query("tokyo")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]"), "no suggestions for 'tokyo'")
    time.sleep(0.3)
    driver.find_element(By.ID, "search-input").send_keys(Keys.ENTER)
    wait.until(lambda d: (lambda v: abs(v["lat"] - 35.69) < 0.2 and abs(v["lon"] - 139.69) < 0.2)(js("return window.geoqGlobe.view()")), "search did not turn the globe to Tokyo")
    ok(f"dragging turns the globe ({before_drag['lon']:.1f}° → {after_drag['lon']:.1f}°); a click reads {text('place-title')!r}: {text('place-flooding')!r}; choosing Tokyo turns the globe there")

    # 14e-. Frame all on the globe frames what the panel counts, says how many in the panel's
    #       words, and pins the places framed on the globe too.
    type_query("")
    box_ = driver.find_element(By.ID, "search-input")
    box_.send_keys(Keys.ESCAPE)
    field = driver.find_element(By.ID, "rise-number")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("2", Keys.ENTER)
    wait_stats(2)
    places = api("/v1/flood/places?rise=2&limit=1")
    driver.find_element(By.ID, "frame-all").click()
    wait.until(lambda d: "+2 m" in d.find_element(By.ID, "framed-summary").text, "Frame all on the globe never said what it framed")
    summary = text("framed-summary")
    unresolved = places["count"] - places["resolvedCount"]
    counted = places["resolvedCount"] if places["resolvedCount"] else unresolved
    words = "places flooded at +2 m" if places["resolvedCount"] else "places this map cannot tell at +2 m"
    framed_of = re.match(r"Framed ([0-9,]+) of ([0-9,]+) (.*?)(;|$)", summary)
    assert framed_of and framed_of.group(3) == words, (summary, places["count"], places["resolvedCount"])
    if unresolved == 0 or places["resolvedCount"] == 0:
        assert framed_of.group(2) == count(counted), (summary, counted)
    wait.until(lambda d: int(js("return document.body.dataset.globePins || '0'")) > 0, "no pins on the globe after Frame all")
    ok(f"Frame all on the globe: {summary!r}; {js('return document.body.dataset.globePins')} pins on the globe")

    # 14e'. Choosing a country on the globe frames its outline's box: the globe turns to the box's
    #       centre, and the box's corners all face the viewer inside the canvas, the box spanning
    #       at least a third of it across or down (framed, not a dot).
    type_query("bangladesh")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li .kind-country"), "no country label for 'bangladesh' on the globe")
    time.sleep(0.3)
    driver.find_element(By.ID, "search-input").send_keys(Keys.ENTER)
    west, south, east, north = api("/v1/flood?rise=0&place=bangladesh")["area"]["bbox"]
    centre = ((south + north) / 2, (west + east) / 2)
    wait.until(lambda d: (lambda v: abs(v["lat"] - centre[0]) < 0.2 and abs(v["lon"] - centre[1]) < 0.2)(js("return window.geoqGlobe.view()")),
               "choosing Bangladesh did not turn the globe to its outline's box")
    wait_globe_drawn()
    canvas_box = js("const b = window.geoqGlobe.canvas.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom};")
    corners = [js("return window.geoqGlobe.screenPosition(arguments[0], arguments[1])", lat, lon) for lat, lon in [(south, west), (south, east), (north, west), (north, east)]]
    for corner in corners:
        assert corner["visible"] and canvas_box["left"] <= corner["x"] <= canvas_box["right"] and canvas_box["top"] <= corner["y"] <= canvas_box["bottom"], f"a corner of Bangladesh's box is off the globe's view: {corner}, {canvas_box}"
    across = (max(c["x"] for c in corners) - min(c["x"] for c in corners)) / (canvas_box["right"] - canvas_box["left"])
    down = (max(c["y"] for c in corners) - min(c["y"] for c in corners)) / (canvas_box["bottom"] - canvas_box["top"])
    assert max(across, down) >= 1 / 3, f"Bangladesh's box spans only {across:.2f} of the globe's view across and {down:.2f} down"
    driver.save_screenshot(f"{args.screenshots}/globe-bangladesh.png")
    ok(f"choosing Bangladesh on the globe frames its outline's box: centred, its corners in view, {max(across, down):.0%} of the view")

    # 14f. A two-finger pinch, the wheel and the keys move the camera by the globe's own rules
    # (web/globe-controls.js), each worked out here from the view before it:
    # - a pinch from span s0 to s1 scales the camera's height above the surface (distance − 1)
    #   by s0 / s1 (each move scales it by the old span over the new, so the moves telescope);
    # - a wheel event adds m = clamp(deltaY × 0.0012, ±0.5) × 0.35 to the zoom's speed, which
    #   glides on, decaying by 0.9 a 16 ms frame, until it falls to 0.001 or below: step k scales
    #   the height by e^(m_k (1 − d_k) / 0.1) with m_(k+1) = m_k d_k, which telescopes to
    #   e^(10 (m − m_last)), so the height grows by a factor in [e^(10 m − 0.01), e^(10 m)];
    # - + and Page Down scale the height by 0.8 and 1 / 0.8; Up turns 12 (distance − 1) degrees
    #   north, Left 12 (distance − 1) / cos(latitude) degrees west, three times that with Shift;
    #   Enter reads the point at the centre.
    js("window.geoqGlobe.flyTo({lat: 20, lon: 10, distance: 2.6})")
    wait_globe_drawn()
    canvas = driver.find_element(By.ID, "globe").find_element(By.TAG_NAME, "canvas")
    centre_x, centre_y = js("const b = arguments[0].getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]", canvas)
    assert js("return document.elementFromPoint(arguments[0], arguments[1]) === arguments[2]", centre_x, centre_y, canvas), "the globe's centre is covered"

    def touch(kind, points):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    js("window.geoqTouches = []; arguments[0].addEventListener('pointerdown', (e) => geoqTouches.push(e.pointerType))", canvas)
    before_pinch = js("return window.geoqGlobe.view()")
    touch("touchStart", [(centre_x - 50, centre_y), (centre_x + 50, centre_y)])  # span 100 px
    for half in (60, 70, 80, 90, 100):  # fingers apart: span 200 px
        touch("touchMove", [(centre_x - half, centre_y), (centre_x + half, centre_y)])
    touch("touchEnd", [])
    wait_globe_drawn()
    after_pinch = js("return window.geoqGlobe.view()")
    assert js("return window.geoqTouches") == ["touch", "touch"], js("return window.geoqTouches")
    expected = 1 + (before_pinch["distance"] - 1) * 100 / 200
    assert abs(after_pinch["distance"] - expected) < 1e-9, f"pinching out from 100 to 200 px: distance {before_pinch['distance']} → {after_pinch['distance']}, expected {expected}"
    assert (after_pinch["lat"], after_pinch["lon"]) == (before_pinch["lat"], before_pinch["lon"]), f"the pinch turned the globe: {before_pinch} → {after_pinch}"
    touch("touchStart", [(centre_x - 100, centre_y), (centre_x + 100, centre_y)])
    touch("touchMove", [(centre_x - 80, centre_y), (centre_x + 80, centre_y)])  # fingers together: 200 → 160 px
    touch("touchEnd", [])
    wait_globe_drawn()
    pinched_in = js("return window.geoqGlobe.view()")
    expected_in = 1 + (after_pinch["distance"] - 1) * 200 / 160
    assert abs(pinched_in["distance"] - expected_in) < 1e-9, f"pinching in from 200 to 160 px: {after_pinch['distance']} → {pinched_in['distance']}, expected {expected_in}"

    js("window.geoqWheels = []; arguments[0].addEventListener('wheel', (e) => geoqWheels.push(e.deltaY))", canvas)
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": centre_x, "y": centre_y, "deltaX": 0, "deltaY": 100})
    wait_globe_drawn()
    after_wheel = js("return window.geoqGlobe.view()")
    wheels = js("return window.geoqWheels")
    assert wheels == [100], f"the page saw wheel deltas {wheels}"
    speed = max(-0.5, min(0.5, 100 * 0.0012)) * 0.35
    growth = (after_wheel["distance"] - 1) / (pinched_in["distance"] - 1)
    assert math.exp(10 * speed - 0.01) - 1e-9 <= growth <= math.exp(10 * speed) + 1e-9, \
        f"a wheel notch (deltaY 100) grew the height by {growth}, expected {math.exp(10 * speed - 0.01):.4f} to {math.exp(10 * speed):.4f}"

    def key_step(keys, expect):
        before_key = js("return window.geoqGlobe.view()")
        canvas.send_keys(*keys)
        after_key = js("return window.geoqGlobe.view()")
        wanted = {**before_key, **expect(before_key)}
        assert all(abs(after_key[k] - wanted[k]) < 1e-9 for k in ("lat", "lon", "distance")), f"{keys}: {before_key} → {after_key}, expected {wanted}"
        return after_key

    def west_step(view, degrees):
        return 12 * (view["distance"] - 1) * degrees / max(0.2, math.cos(view["lat"] * math.pi / 180))

    key_step(["+"], lambda v: {"distance": 1 + (v["distance"] - 1) * 0.8})
    key_step([Keys.PAGE_DOWN], lambda v: {"distance": 1 + (v["distance"] - 1) / 0.8})
    key_step([Keys.ARROW_UP], lambda v: {"lat": v["lat"] + 12 * (v["distance"] - 1)})
    key_step([Keys.ARROW_LEFT], lambda v: {"lon": v["lon"] - west_step(v, 1)})
    keyed = key_step([Keys.SHIFT, Keys.ARROW_RIGHT], lambda v: {"lon": v["lon"] + west_step(v, 3)})
    wait_globe_drawn()
    canvas.send_keys(Keys.ENTER)
    read = api(f"/v1/flood/point?lat={keyed['lat']:.4f}&lon={keyed['lon']:.4f}")
    centre_title = f"{abs(read['latitude']):.2f}°{'S' if read['latitude'] < 0 else 'N'}, {abs(read['longitude']):.2f}°{'W' if read['longitude'] < 0 else 'E'}"
    wait.until(lambda d: text("place-subtitle") == "The point chosen" and text("place-title") == centre_title, f"Enter on the globe did not read its centre {centre_title}")
    ok(f"a pinch from 100 to 200 px takes the camera from {before_pinch['distance']:.3f} to {after_pinch['distance']:.3f} radii, 200 to 160 px to {pinched_in['distance']:.3f}; "
       f"a wheel notch grows its height ×{growth:.4f} (rule: ×{math.exp(10 * speed - 0.01):.4f}–{math.exp(10 * speed):.4f}); + Page Down Up Left Shift+Right move it by the rule; Enter reads {centre_title}")

    # 14g. prefers-reduced-motion makes flights jumps; prefers-contrast makes the panel opaque.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}, {"name": "prefers-contrast", "value": "more"}]})
    driver.get("about:blank")
    driver.get(BASE + "/#rise=0&lat=20&lon=0&z=2")
    wait_stats(0)
    panel = js("const s = getComputedStyle(document.getElementById('panel')); return [s.backgroundColor, s.borderTopWidth]")
    assert panel == ["rgb(255, 255, 255)", "2px"], f"prefers-contrast: more left the panel {panel}"
    type_query("osaka")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li[data-place-id]"), "no suggestions for 'osaka'")
    time.sleep(0.3)
    driver.find_element(By.ID, "search-input").send_keys(Keys.ENTER)
    jumped = map_state()  # at once: no flight under reduced motion; Osaka in the middle of the part beside the panel
    check_centred(34.69, 135.50, "with reduced motion, Osaka at once")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    ok(f"prefers-reduced-motion: the map jumps to Osaka at once ({jumped['lat']:.2f}, {jumped['lon']:.2f}); prefers-contrast: the panel is {panel}")

    # 14h. With WebGL 1 alone (no WebGL 2: texture2D in place of texelFetch, float pictures
    # through extensions) the globe draws the very pixels it drew with WebGL 2 in 14.
    hidden = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source":
        "HTMLCanvasElement.prototype.getContext = (get => function (kind, ...rest) { return kind === 'webgl2' ? null : get.call(this, kind, ...rest); })(HTMLCanvasElement.prototype.getContext);"})
    try:
        driver.get("about:blank")
        driver.get(BASE + "/#view=globe&rise=476&lat=45&lon=10")
        wait_stats(476)
        wait_globe_drawn()
        assert js("return window.geoqGlobe.canvas.getContext('webgl') !== null"), "the globe did not draw with WebGL 1"
        webgl1 = {name: globe_pixel(lat, lon)["rgb"] for name, (lat, lon) in known.items()}
        assert webgl1 == {name: seen[name]["rgb"] for name in known}, f"WebGL 1 drew {webgl1}, WebGL 2 {({name: seen[name]['rgb'] for name in known})}"
        assert severe_console_entries() == [], "console errors on the globe with WebGL 1"
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": hidden["identifier"]})
    ok(f"with WebGL 1 alone the globe draws the same colours at the known points: {webgl1}")

    # 14i. Without WebGL the page says so in one line and stays on the map.
    plain_options = webdriver.ChromeOptions()
    plain_options.binary_location = args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1024,700", "--disable-webgl", "--disable-3d-apis"]:
        plain_options.add_argument(flag)
    plain = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=plain_options)
    try:
        plain.get(BASE + "/#view=globe&rise=2")
        WebDriverWait(plain, 20).until(lambda d: d.find_element(By.ID, "message").is_displayed(), "no message without WebGL")
        message = plain.find_element(By.ID, "message").text
        assert "WebGL" in message and "\n" not in message, message
        assert plain.execute_script("return document.body.dataset.view") == "map"
        WebDriverWait(plain, 20).until(lambda d: d.execute_script("return document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded').length") > 0)
    finally:
        plain.quit()
    ok(f"without WebGL: {message!r}, and the map stays")

    # 14j. A tile sent `Cache-Control: no-store` (drawn while the on-demand tiles under it load, or
    #      their source is offline: here the default stack's endpoint is a refused port, so every
    #      tile at town scale is) is asked for again while in view, every 2 s and 5 times at most;
    #      a final one (public, immutable) never.
    def tile_asks():
        return js("""const counts = {};
                     for (const e of performance.getEntriesByType('resource'))
                       if (e.name.includes('/v1/tiles/') && !(e.initiatorType === 'img' && e.transferSize === 0)) counts[e.name] = (counts[e.name] || 0) + 1;
                     return counts;""")
    def cache_control(tile_url):
        with urllib.request.urlopen(tile_url, timeout=30) as response:
            return response.headers.get("Cache-Control")
    driver.get("about:blank")
    driver.get(BASE + "/#rise=0&lat=53.55&lon=9.99&z=10")
    js("performance.setResourceTimingBufferSize(5000)")
    town_tiles = wait_tiles(0)
    assert cache_control(town_tiles[0]) == "no-store", f"{town_tiles[0]}: {cache_control(town_tiles[0])}"
    time.sleep(2 * 5 + 6)
    asked = tile_asks()
    assert set(asked) >= set(town_tiles) and all(asked[u] == 6 for u in town_tiles), f"no-store tiles asked for {sorted(asked.values())} times, expected 6"
    time.sleep(4)
    assert tile_asks() == asked, "no-store tiles asked for more than 5 times again"
    driver.get("about:blank")
    driver.get(BASE + "/#rise=0&lat=53.55&lon=9.99&z=6")
    js("performance.setResourceTimingBufferSize(5000)")
    final_tiles = wait_tiles(0)
    assert cache_control(final_tiles[0]).startswith("public"), f"{final_tiles[0]}: {cache_control(final_tiles[0])}"
    time.sleep(5)
    assert set(tile_asks().values()) == {1}, f"final tiles asked for again: {tile_asks()}"
    ok(f"{len(town_tiles)} no-store tiles at zoom 10 asked for 6 times each, 2 s apart, then no more; {len(final_tiles)} final tiles at zoom 6 once")

    # 14k. With an on-demand source whose tile loads (the Hamburg tile as a folder of tiles), the
    #      tiles first drawn without it are asked for again and shown final, without a pan; those
    #      beyond it are final at once.
    if args.tiles_url:
        driver.get("about:blank")
        # Centred east of the tile (the page asks for a point at the centre, which would load
        # it before the map asks): only the map's tiles west of 10° E load it.
        driver.get(args.tiles_url.rstrip("/") + "/#rise=0&lat=53.55&lon=10.4&z=10")
        js("performance.setResourceTimingBufferSize(5000)")
        fine_tiles = wait_tiles(0)
        time.sleep(2 * 5 + 6)
        asked = tile_asks()
        again = [u for u in fine_tiles if asked.get(u, 0) > 1]
        assert again and all(asked.get(u, 0) < 6 for u in fine_tiles), f"tiles over the on-demand tile asked for {sorted(asked.values())} times"
        not_final = [u for u in fine_tiles if not cache_control(u).startswith("public")]
        assert not_final == [], f"tiles still not final: {not_final}"
        shown_from_bytes = js("return [...document.querySelectorAll('.leaflet-tile-pane img')].filter(i => i.src.startsWith('blob:')).length")
        assert shown_from_bytes == 0, f"{shown_from_bytes} tiles still show a drawing sent no-store"
        ok(f"over an on-demand tile that loads: {len(again)} of {len(fine_tiles)} tiles at zoom 10 sent no-store, asked for again "
           f"({sorted(asked[u] for u in again)} times) and shown final without a pan")

    # 15. The server gone: the page says so and keeps the map it has rather than going blank.
    if args.server_pid:
        driver.get("about:blank")
        driver.get(BASE + "/#rise=10&lat=52.3&lon=4.9&z=6")
        wait_stats(10)
        wait_tiles(10)
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
        kept = js("return document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded[data-src*=\"rise=10\"]').length")
        assert kept > 0, "the map went blank"
        driver.save_screenshot(f"{args.screenshots}/phone-server-gone.png")
        ok(f"with the server stopped the page says {text('message')!r} and keeps {kept} tiles")
finally:
    driver.quit()

print(f"browser test passed: {steps} checks in {time.perf_counter() - started:.0f} s; screenshots in {args.screenshots}/")
