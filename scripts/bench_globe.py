#!/usr/bin/env python3
"""Times the globe and its peer, the map, in headless chromium (SwiftShader). Run by scripts/bench-globe.sh."""
import argparse
import statistics
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

parser = argparse.ArgumentParser()
parser.add_argument("--url", required=True)
parser.add_argument("--rounds", type=int, default=20)
parser.add_argument("--size", default="1280,800")
args = parser.parse_args()
BASE = args.url.rstrip("/")

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={args.size}",
             "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 60, poll_frequency=0.05)
js = driver.execute_script
levels = [(-1) ** i * (10 + 37 * i) for i in range(args.rounds)]
try:
    # The globe: first frame from navigation, then a new level → its frame drawn (the page's own
    # setRise; the frame is waited for with a pixel read, so the time is the graphics work's).
    driver.get(BASE + "/#view=globe&rise=0&lat=45&lon=10&z=3")
    wait.until(lambda d: js("return !!window.geoqGlobe && window.geoqGlobe.framesDrawn > 0"))
    globe = js("return {first: window.geoqGlobe.firstFrameAt, loading: window.geoqGlobe.firstFrameMs, bytes: window.geoqGlobe.reliefBytes, size: [geoqGlobe.canvas.width, geoqGlobe.canvas.height]}")
    time.sleep(1)
    recolour = []
    for rise in levels:
        recolour.append(js("window.geoqGlobe.setRise(arguments[0]); return window.geoqGlobe.drawNow();", rise))
    # The peer: the map at the same levels, from setRise to every visible tile of the level loaded.
    driver.get("about:blank")
    driver.get(BASE + "/#rise=0&lat=45&lon=10&z=3")
    wait.until(lambda d: js("return document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile-loaded').length") > 0)
    time.sleep(1)
    tiles = []
    for rise in levels:
        start = time.perf_counter()
        js("window.geoqPage.setRise(arguments[0])", rise)
        wait.until(lambda d: (lambda s: s and all(f"rise={rise}" in x for x in s) and
                              js("return [...document.querySelectorAll('.leaflet-tile-pane img')].every(i => i.complete)"))(
            js("return [...document.querySelectorAll('.leaflet-tile-pane img')].map(i => i.src)")))
        tiles.append((time.perf_counter() - start) * 1000)
finally:
    driver.quit()

median_globe, median_map = statistics.median(recolour), statistics.median(tiles)
print(f"{'measure':<52} {'median':>10} {'min':>9} {'max':>9}")
print(f"{'globe: new level → recoloured frame (ms)':<52} {median_globe:>10.1f} {min(recolour):>9.1f} {max(recolour):>9.1f}")
print(f"{'map (peer): new level → its tiles loaded (ms)':<52} {median_map:>10.1f} {min(tiles):>9.1f} {max(tiles):>9.1f}")
print(f"globe recolours {median_map / median_globe:.1f}× faster than the map reloads its tiles ({args.rounds} levels, canvas {globe['size'][0]}×{globe['size'][1]})")
print(f"globe: first frame {globe['first']:.0f} ms after navigation to #view=globe; {globe['loading']:.0f} ms of it from the page asking for the globe (three.js, relief download and decode, first draw)")
print(f"relief download: {globe['bytes']:,} bytes ({globe['bytes'] / 1e6:.2f} MB; target < 4 MB: {'ok' if globe['bytes'] < 4e6 else 'MISSED'})")
print(f"target: recoloured frame < 50 ms in headless chromium: {'ok' if median_globe < 50 else 'MISSED'}")
