#!/usr/bin/env bash
# Reliability under load and under fuzzing, in `make bench`:
# 1. Regional year questions at 128 connections against a full-size AR6 regional file (65,830
#    locations, 14 years, 5 quantiles) while /healthz is asked at a steady 50 requests/s beside
#    them: /healthz must stay under 50 ms at p99 (a year question once held the event loop
#    26 ms, and /healthz waited 4.6–6.5 s).
# 2. The long fuzz of every route of openapi.yaml (RouteFuzzTests at FUZZ_REQUESTS requests,
#    200,000 by default, three seeds); make test runs the short one.
# WRK_SECONDS (30) sets the load's length; FUZZ_REQUESTS=0 skips the fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
geoq=.build/release/geoq
[ -x "$geoq" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
duration=${WRK_SECONDS:-30}
work=$(mktemp -d)
source scripts/serve-background.sh
server="" load=""
trap 'set +e; [ -n "$load" ] && kill $load 2>/dev/null; [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

# The AR6 layout (sea_level_change(quantiles, years, locations), Int16 mm, fill -32768) at the
# published size, NetCDF classic through scipy; a location in ten on land (fill), as tide gauges
# and ocean grid points leave the land out.
regional="$work/total_ssp245_medium_confidence_values.nc"
python3 - "$regional" <<'PY'
import sys
import numpy as np
from scipy.io import netcdf_file
locations, years, quantiles = 65_830, list(range(2020, 2151, 10)), [0.05, 0.17, 0.5, 0.83, 0.95]
rng = np.random.default_rng(7)
out = netcdf_file(sys.argv[1], "w")
out.createDimension("quantiles", len(quantiles)); out.createDimension("years", len(years)); out.createDimension("locations", locations)
out.createVariable("quantiles", "f8", ("quantiles",))[:] = quantiles
out.createVariable("years", "i4", ("years",))[:] = years
out.createVariable("lat", "f8", ("locations",))[:] = rng.uniform(-80, 80, locations)
out.createVariable("lon", "f8", ("locations",))[:] = rng.uniform(-180, 180, locations)
values = out.createVariable("sea_level_change", "i2", ("quantiles", "years", "locations"))
values.units = b"mm"
values._FillValue = np.int16(-32768)
data = (np.arange(len(years))[None, :, None] * 50 + np.arange(len(quantiles))[:, None, None] * 10 + rng.integers(0, 300, locations)[None, None, :]).astype("i2")
data[:, :, ::10] = -32768
values[:] = data
out.close()
PY

# Year questions at random points of the sea's edge and inland, each a regional look-up.
python3 - "$work" <<'PY'
import random, sys
random.seed(7)
with open(f"{sys.argv[1]}/year.txt", "w") as out:
    for _ in range(2000):
        out.write(f"/v1/flood/point?lat={random.uniform(-60, 70):.3f}&lon={random.uniform(-180, 180):.3f}&year={random.choice([2030, 2050, 2075, 2100, 2125])}&scenario=SSP2-4.5\n")
PY
for _ in $(seq 1 100); do echo /healthz; done > "$work/healthz.txt"
XDG_CACHE_HOME="$work/cache" "$geoq" flood --rise 0 > /dev/null

# Without the on-demand entry: every answer from the models loaded at start, as the finding measured.
start_geoq "$geoq" "$work" --projections "$regional" --on-demand none
WRK_PATHS="$work/year.txt" wrk -t2 -c128 -d"$((duration + 4))s" -s scripts/peers/wrk-paths.lua "$url" | tail -1 > "$work/year.json" &
load=$!
sleep 2
# 10 connections, each asking every 200 ms: 50 /healthz a second, measured while the load runs.
WRK_PATHS="$work/healthz.txt" WRK_DELAY_MS=200 wrk -t1 -c10 -d"${duration}s" -s scripts/peers/wrk-paths.lua "$url" | tail -1 > "$work/healthz.json"
wait "$load"; load=""
kill "$server"; wait "$server" 2>/dev/null || true; server=""
python3 - "$work/year.json" "$work/healthz.json" <<'PY'
import json, sys
year, health = (json.load(open(path)) for path in sys.argv[1:3])
for name, figures in [("regional year questions, 128 connections", year), ("/healthz beside them, 50/s", health)]:
    print(f"{name:<44} {figures['requests_per_second']:>10,.0f} req/s  p50 {figures['p50_ms']:8.2f} ms  p99 {figures['p99_ms']:8.2f} ms  "
          f"non-2xx {figures['non_2xx'] + figures['socket_errors']}")
ok = health["p99_ms"] < 50 and health["non_2xx"] + health["socket_errors"] == 0 and year["non_2xx"] + year["socket_errors"] == 0
print(f"{'':<44} target /healthz p99 < 50 ms, no errors: {'ok' if ok else 'MISSED'}")
PY

# The long fuzz, in the test build (the route suites run in process, over the real router).
requests=${FUZZ_REQUESTS:-200000}
if [ "$requests" -gt 0 ]; then
  env -i PATH="$PATH" HOME="$HOME" GEOQ_OPTIMIZED_DEBUG=1 swift build --build-tests >/dev/null
  mkdir -p .build/test-tmp
  for seed in 1 2 3; do
    started=$(date +%s)
    env -i PATH="$PATH" HOME="$HOME" GEOQ_OPTIMIZED_DEBUG=1 XDG_CACHE_HOME="$PWD/.build/test-cache" TMPDIR="$PWD/.build/test-tmp" \
      GEOQ_FUZZ_REQUESTS="$requests" GEOQ_FUZZ_SEED="$seed" swift test --skip-build --filter RouteFuzzTests > "$work/fuzz.log" 2>&1 \
      && echo "fuzz of every route, seed $seed: $requests requests, no 5xx ($(( $(date +%s) - started )) s)" \
      || { grep -E "5xx|error|failed" "$work/fuzz.log" | head -30; echo "fuzz of every route, seed $seed: FAILED"; exit 1; }
  done
fi
