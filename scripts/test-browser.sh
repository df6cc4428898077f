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
echo "browser test against $url"
mkdir -p .build/screenshots
python3 scripts/colour_vision.py --url "$url" --min-delta-e 14
timeout 420 "$browser_python" scripts/test_browser.py --url "$url" --chromium "$chromium" --chromedriver "$chromedriver" --screenshots .build/screenshots --server-pid "$server"
