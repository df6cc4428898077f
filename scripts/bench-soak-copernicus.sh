#!/usr/bin/env bash
# The soak of issue 40: mixed requests for SOAK_SECONDS (600 by default) against a release
# `geoq serve` whose stack holds `copernicus:90` on a loopback stand-in that sends 20 KB a
# second (a GLO-90 tile takes minutes), laid out as the real bucket is. Among the requests:
# GeoTIFF maps (`format=tif`, which once leaked 12.5 KB each), points in the stand-in's tiles
# (downloads that outlast the service's 20 s wait: the loaded models answer meanwhile), points
# and tiles elsewhere, figures and completion. Reports errors (non-2xx and socket errors, target
# 0), resident memory at a tenth of the run and at its end (target: flat within 10 %), and the
# time from SIGTERM to exit with requests in flight (target: within the 30 s grace period).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
geoq=${GEOQ:-.build/release/geoq}
[ -x "$geoq" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
duration=${SOAK_SECONDS:-600}
work=$(mktemp -d)
server="" range=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null; [ -n "$range" ] && kill $range 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
source scripts/serve-background.sh
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

# Stand-in GLO-90 tiles around Hamburg on the published grid (1200 rows, 800 columns at 50–60° N),
# half a cell west and north of the whole degrees.
hamburg="/vsizip/$(realpath ../shared/dem/N53E009.hgt.zip)/N53E009.hgt"
[ -f "${hamburg#/vsizip/}" ] 2>/dev/null || hamburg=data/N53E009.hgt
bucket="$work/buckets/copernicus-dem-90m"
mkdir -p "$bucket"
for tile in "53 009 $hamburg" "53 008 data/etopo5.tif" "54 009 data/etopo5.tif" "52 009 data/etopo5.tif"; do
  set -- $tile
  name="Copernicus_DSM_COG_30_N$1_00_E$2_00_DEM"
  mkdir -p "$bucket/$name"
  extent=$(python3 -c "w, s = $((10#$2)), $((10#$1)); hx, hy = 0.5 / 800, 0.5 / 1200; print(w - hx, s + hy, w + 1 - hx, s + 1 + hy)")
  gdalwarp -q -overwrite -of COG -ot Float32 -r bilinear -te $extent -ts 800 1200 "$3" "$bucket/$name/$name.tif"
  echo "$name" >> "$bucket/tileList.txt"
done
python3 scripts/copernicus/range_server.py "$work/buckets" "$work/port" --throttle 20000 --etag & range=$!
for _ in $(seq 1 100); do [ -f "$work/port" ] && break; sleep 0.05; done
endpoint="http://127.0.0.1:$(cat "$work/port")/{bucket}"

python3 - "$work/mixed.txt" <<'PY'
import random, sys
random.seed(40)
lines = []
for _ in range(300):
    lines.append(f"/v1/flood?rise={random.uniform(-50, 50):.1f}&format=tif&bbox=8,53,11,55&width=256")
    lines.append(f"/v1/flood/point?lat={random.uniform(52.01, 54.99):.4f}&lon={random.uniform(8.01, 9.99):.4f}")
    lines.append(f"/v1/flood/point?lat={random.uniform(-60, 60):.3f}&lon={random.uniform(-180, 180):.3f}")
    lines.append(f"/v1/flood?rise={random.uniform(-200, 200):.1f}")
    lines.append(f"/v1/flood/places?rise={random.uniform(0, 60):.0f}&limit=5")
    z = random.randint(0, 8)
    lines.append(f"/v1/tiles/{z}/{random.randrange(2 ** z)}/{random.randrange(2 ** z)}.png?rise={random.randint(-20, 60)}")
    lines.append(f"/v1/complete?q={random.choice(['ham', 'par', 'new', 'lon', 'ber', 'tok'])}")
random.shuffle(lines)
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY

start_geoq "$geoq" "$work" --dem data/etopo5.tif --dem data/N53E009.hgt --dem "copernicus:90@$endpoint"
before=$(rss)
( sleep "$(python3 -c "print($duration / 10)")"; rss > "$work/rss-start" ) &
sampler=$!
WRK_PATHS="$work/mixed.txt" wrk -t2 -c64 -d"${duration}s" --timeout 30s -s scripts/peers/wrk-paths.lua "$url" | tail -1 > "$work/figures.json"
end=$(rss)
wait "$sampler" || true
# Shutdown with requests in flight: points waiting on the slow stand-in among them.
WRK_PATHS="$work/mixed.txt" wrk -t2 -c64 -d60s --timeout 30s -s scripts/peers/wrk-paths.lua "$url" > /dev/null 2>&1 & load=$!
sleep 5
stop_started=$(date +%s.%N)
kill -TERM "$server"
wait "$server" 2>/dev/null || true
stopped=$(date +%s.%N)
server=""
kill "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true
python3 - "$work/figures.json" "$duration" "$before" "$(cat "$work/rss-start")" "$end" "$stop_started" "$stopped" <<'PY'
import json, sys
figures = json.load(open(sys.argv[1]))
duration = float(sys.argv[2])
before, start, end = (int(value) / 1024 for value in sys.argv[3:6])
shutdown = float(sys.argv[7]) - float(sys.argv[6])
errors = figures["non_2xx"] + figures["socket_errors"]
print(f"soak with copernicus:90 on a 20 KB/s stand-in, format=tif among the routes, 64 connections, {duration:.0f} s: "
      f"{figures['requests']:,} requests, p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms, "
      f"errors {errors} ({figures['non_2xx']} non-2xx, {figures['socket_errors']} socket)")
print(f"RSS: {before:.0f} MiB before the load, {start:.0f} at a tenth of the run, {end:.0f} MiB at the end; "
      f"SIGTERM under load to exit: {shutdown:.1f} s")
flat = abs(end - start) <= 0.10 * start
ok = errors == 0 and flat and shutdown <= 30
print(f"target: no errors, RSS flat within 10 %, shutdown within the 30 s grace period: {'ok' if ok else 'MISSED'}")
if duration < 600:
    print(f"(a shortened soak: SOAK_SECONDS={duration:.0f}; the default is 600)")
PY
