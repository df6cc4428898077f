#!/usr/bin/env bash
# Drives the web page (GET /) in Debian's headless chromium through selenium against a live
# `geoq serve`, comparing what the page shows with what the API answers; screenshots go to
# .build/screenshots/. Without chromium, chromedriver or Leaflet it fails in one line.
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
python3 -c "import selenium" 2>/dev/null || pip install -q selenium
source scripts/serve-background.sh
start_test_geoq
echo "browser test against $url"
mkdir -p .build/screenshots
timeout 300 python3 scripts/test_browser.py --url "$url" --chromium "$chromium" --chromedriver "$chromedriver" --screenshots .build/screenshots --server-pid "$server"
