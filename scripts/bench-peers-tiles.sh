#!/usr/bin/env bash
# Map tiles beside rio-tiler and titiler (docs/peers.md): 256² PNG tiles of the water at +2 m
# drawn from geoq's own Cloud-Optimized GeoTIFF index of ETOPO5, the same tiles on both sides
# (PEERS_TILES of them, zoom 2 to 7, fixed seed), in geoq's class rule and colours
# (scripts/peers/rio_flood_tiles.py says what is compared):
#   - in process: geoq-bench-tiled against rio-tiler, p50 and p99 of one warm pass;
#   - over HTTP: `geoq serve --index` against titiler under uvicorn (2 workers, the cores), wrk
#     at 64 connections for WRK_SECONDS (20 s) each, requests/s.
# Target (issue 26): geoq ≥ 3× rio-tiler in process (p50 and p99) and over HTTP.
set -euo pipefail
cd "$(dirname "$0")/.."
geoq=.build/release/geoq
[ -x "$geoq" ] && [ -x .build/release/geoq-bench-tiled ] || swift build -c release --static-swift-stdlib >/dev/null
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
venv=.build/peers-venv
[ -f $venv/.installed ] || make -s $venv/.installed
rise=2
duration=${WRK_SECONDS:-20}
work=$(mktemp -d)
source scripts/serve-background.sh
server="" peer=""
trap 'set +e; [ -n "$server" ] && kill $server; [ -n "$peer" ] && kill $peer; wait 2>/dev/null; rm -rf "$work"' EXIT

XDG_CACHE_HOME="$work/cache" "$geoq" index build --dem data/etopo5.tif --tiled -o "$work/index.tif" > /dev/null
python3 - "$work/tiles.txt" "${PEERS_TILES:-300}" <<'PY'
import math, random, sys
generator = random.Random(7)
with open(sys.argv[1], "w") as out:
    for _ in range(int(sys.argv[2])):
        z = generator.randint(2, 7)
        # rows between ±80° latitude, where the grid has cells
        top = int((1 - math.asinh(math.tan(math.radians(80))) / math.pi) / 2 * 2**z)
        out.write(f"{z}/{generator.randrange(2**z)}/{generator.randint(top, 2**z - 1 - top)}\n")
PY

start_geoq "$geoq" "$work" --index "$work/index.tif"
curl -sf "$url/v1/palette" > "$work/palette.json"
mkdir -p "$work/geoq-tiles"
while IFS=/ read -r z x y; do
  curl -sf "$url/v1/tiles/$z/$x/$y.png?rise=$rise" -o "$work/geoq-tiles/$z-$x-$y.png"
done < "$work/tiles.txt"

.build/release/geoq-bench-tiled tiles "$work/index.tif" "$work/tiles.txt" "$rise" > "$work/geoq.json"
PYTHONWARNINGS=ignore $venv/bin/python scripts/peers/rio_flood_tiles.py "$work/index.tif" "$work/tiles.txt" "$work/palette.json" "$rise" "$work/geoq-tiles" > "$work/rio.json"

load() {  # load PATHS BASE_URL OUTPUT: wrk at 64 connections over the paths
  # A tile can take seconds under load: wrk's default 2 s timeout would drop slow answers as errors.
  WRK_PATHS="$1" wrk -t2 -c64 -d"${duration}s" --timeout 30s -s scripts/peers/wrk-paths.lua "$2" | tail -1 > "$3"
}
awk -v rise="$rise" '{ print "/v1/tiles/" $0 ".png?rise=" rise }' "$work/tiles.txt" > "$work/geoq-paths.txt"
load "$work/geoq-paths.txt" "$url" "$work/geoq-http.json"
kill "$server"; wait "$server" 2>/dev/null || true; server=""

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
PYTHONWARNINGS=ignore GEOQ_PALETTE="$work/palette.json" $venv/bin/uvicorn titiler_app:app --app-dir scripts/peers --host 127.0.0.1 --port "$port" \
  --workers 2 --log-level warning > "$work/titiler.log" 2>&1 &
peer=$!
query="url=$work/index.tif&bidx=1&bidx=2&resampling=nearest&reproject=nearest&algorithm=flood&algorithm_params=%7B%22rise%22%3A$rise%7D"
first=$(head -1 "$work/tiles.txt")
for _ in $(seq 1 150); do
  curl -sf "http://127.0.0.1:$port/tiles/WebMercatorQuad/$first.png?$query" -o /dev/null && break
  kill -0 "$peer" 2>/dev/null || { cat "$work/titiler.log" >&2; exit 1; }
  sleep 0.2
done
awk -v query="$query" '{ print "/tiles/WebMercatorQuad/" $0 ".png?" query }' "$work/tiles.txt" > "$work/titiler-paths.txt"
load "$work/titiler-paths.txt" "http://127.0.0.1:$port" "$work/titiler-http.json"

$venv/bin/python - "$work" "$duration" <<'PY'
import json, os, sys
sys.path.insert(0, "scripts/peers")
from side_by_side import header, row
work, duration = sys.argv[1], sys.argv[2]
geoq, rio = (json.load(open(os.path.join(work, name))) for name in ("geoq.json", "rio.json"))
geoq_http, titiler_http = (json.load(open(os.path.join(work, name))) for name in ("geoq-http.json", "titiler-http.json"))
zooms = ", ".join(f"z{z} {share:.0%}" for z, share in rio["same_pixels_by_zoom"].items())
print(f"-- {geoq['tiles']} tiles of 256² at +2 m (zoom 2–7) from geoq's COG index of ETOPO5; same class rule and colours; "
      f"{rio['same_pixels']:.1%} of their pixels equal (by zoom: {zooms})")
header("", "geoq", "peer")
row("in process, p50: geoq-bench-tiled vs rio-tiler", geoq["p50_ms"], rio["p50_ms"], "ms", 3)
row("in process, p99", geoq["p99_ms"], rio["p99_ms"], "ms", 3)
errors = {name: figures["non_2xx"] + figures["socket_errors"] for name, figures in (("geoq", geoq_http), ("titiler", titiler_http))}
row(f"HTTP, req/s at 64 connections: serve vs titiler", geoq_http["requests_per_second"], titiler_http["requests_per_second"], "/s", 3,
    f"wrk {duration} s each; errors geoq {errors['geoq']}, titiler {errors['titiler']}", higher_is_better=True)
row("HTTP, p99 latency", geoq_http["p99_ms"], titiler_http["p99_ms"], "ms")
for name, count in errors.items():
    if count:
        print(f"   WARNING: {count} failed requests to {name}: its requests/s is not comparable")
print(f"   PNG size: geoq {geoq['mean_png_bytes'] / 1024:.1f} KiB, rio-tiler {rio['mean_png_bytes'] / 1024:.1f} KiB a tile on average")
PY
