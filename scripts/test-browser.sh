#!/usr/bin/env bash
# Drives the web page (GET /) in Debian's headless chromium through selenium against a live
# `geoq serve`, comparing what the page shows with what the API answers, auditing it with
# axe-core, and reading its WebGL globe (SwiftShader); screenshots go to .build/screenshots/.
# Without chromium, chromedriver, Leaflet or three.js it fails in one line. The Python packages
# it needs (selenium, selenium-axe-python) live in .build/browser-venv, made here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=$(command -v chromium || true)
chromedriver=$(command -v chromedriver || true)
if [ -z "$chromium" ] || [ -z "$chromedriver" ]; then
  echo "browser test FAILED: chromium and chromedriver are not installed (apt-get install chromium chromium-driver)" >&2
  exit 1
fi
if [ ! -f /usr/share/javascript/leaflet/leaflet.js ]; then
  echo "browser test FAILED: Leaflet is not installed (apt-get install libjs-leaflet)" >&2
  exit 1
fi
if [ ! -f /usr/share/javascript/three/three.min.js ]; then
  echo "browser test FAILED: three.js is not installed (apt-get install libjs-three)" >&2
  exit 1
fi
source scripts/browser-venv.sh
source scripts/serve-background.sh
start_test_geoq
# A second service with a regional projection file of SSP5-8.5 (the projections setting), for
# the year selector's regional value; it shares the first one's cache.
command -v gdalmdimtranslate > /dev/null || { echo "browser test FAILED: gdalmdimtranslate is not installed (apt-get install gdal-bin)" >&2; exit 1; }
gdalmdimtranslate scripts/browser/ar6-regional-ssp585.vrt "$work/total_ssp585_medium_confidence_values.nc" > /dev/null
mkdir -p "$work/regional" && ln -s "$work/cache" "$work/regional/cache"
main_server=$server main_url=$url
start_geoq "$geoq" "$work/regional" --projections "$work/total_ssp585_medium_confidence_values.nc"
regional_server=$server regional_url=$url
# A third service whose on-demand entry is the repository's Hamburg tile as a folder of tiles, its
# nesting cached first by the command line: the page's first tiles over it at town scale are drawn
# before the tile is in memory (sent no-store), the ones it asks for again from the tile (final).
tiles_entry="tiles:$PWD/data/{N|S}{lat:02}{E|W}{lon:03}.hgt"
mkdir -p "$work/tiles" && ln -s "$work/cache" "$work/tiles/cache"
GEOQ_ON_DEMAND="$tiles_entry" XDG_CACHE_HOME="$work/cache" "$geoq" flood point --lat 53.55 --lon 9.99 > /dev/null
GEOQ_ON_DEMAND="$tiles_entry" start_geoq "$geoq" "$work/tiles"
tiles_server=$server tiles_url=$url
server=$main_server url=$main_url
trap 'set +e; kill $server $regional_server $tiles_server 2>/dev/null; wait $server $regional_server $tiles_server 2>/dev/null; rm -rf "$work"' EXIT
echo "browser test against $url (regional projections: $regional_url; on-demand tiles: $tiles_url)"
mkdir -p .build/screenshots
python3 scripts/colour_vision.py --url "$url" --min-delta-e 14
timeout 420 "$browser_python" scripts/test_browser.py --url "$url" --chromium "$chromium" --chromedriver "$chromedriver" --screenshots .build/screenshots --server-pid "$server" \
  --regional-url "$regional_url" --tiles-url "$tiles_url"
