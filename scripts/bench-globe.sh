#!/usr/bin/env bash
# The web page's globe in headless chromium (WebGL through SwiftShader, on the CPU) against a
# release `geoq serve`: time to the first globe frame, milliseconds from a new sea level to the
# recoloured frame (target < 50 ms here), and the relief's bytes (target < 4 MB). Its peer is the
# page's own map in the same browser: a new level there is a new layer of tiles from the server.
set -euo pipefail
cd "$(dirname "$0")/.."
geoq=${GEOQ:-.build/release/geoq}
[ -x "$geoq" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
source scripts/browser-venv.sh
work=$(mktemp -d)
source scripts/serve-background.sh
server=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
start_geoq "$geoq" "$work"
"$browser_python" scripts/bench_globe.py --url "$url" --rounds "${GLOBE_ROUNDS:-20}"
