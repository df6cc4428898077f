#!/usr/bin/env bash
# A bounded soak of the HTTP service (issue 15): mixed routes (flood figures, flooded places,
# points, completion, tiles, regions, health) from wrk at 64 connections for SOAK_SECONDS
# (600, ten minutes, by default), against a release `geoq serve` on the embedded data. Reports
# the error count (non-2xx answers and socket errors; target 0), p50/p99 and the server's
# resident memory before the load and at the start (a tenth into the run), middle and end
# (target: flat within 10 % from start to end).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
geoq=.build/release/geoq
[ -x "$geoq" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
duration=${SOAK_SECONDS:-600}
work=$(mktemp -d)
source scripts/serve-background.sh
server=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

python3 - "$work/mixed.txt" <<'PY'
import random, sys
random.seed(15)
lines = []
for _ in range(400):
    lines.append(f"/v1/flood?rise={random.uniform(-200, 200):.1f}")
    lines.append(f"/v1/flood/places?rise={random.uniform(0, 100):.0f}&limit=5")
    lines.append(f"/v1/flood/point?lat={random.uniform(-80, 80):.3f}&lon={random.uniform(-180, 180):.3f}")
    z = random.randint(0, 5)
    lines.append(f"/v1/tiles/{z}/{random.randrange(2 ** z)}/{random.randrange(2 ** z)}.png?rise={random.randint(-50, 80)}")
    lines.append("POST /v1/region")
    lines.append(f"POST /v1/region?flooded_at={random.randint(1, 60)}")
    lines.append("/healthz")
random.shuffle(lines)
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
python3 scripts/peers/typed_prefixes.py data/places.tsv.gz 1200 15 | sed 's|^|/v1/complete?q=|' >> "$work/mixed.txt"
python3 -c "import random, sys; random.seed(15); lines = open(sys.argv[1]).read().split(chr(10))[:-1]; random.shuffle(lines); open(sys.argv[1], 'w').write(chr(10).join(lines) + chr(10))" "$work/mixed.txt"

start_geoq "$geoq" "$work"
before=$(rss)
(
  sleep "$(python3 -c "print($duration / 10)")"; rss > "$work/rss-start"
  sleep "$(python3 -c "print($duration * 4 / 10)")"; rss > "$work/rss-middle"
) &
sampler=$!
WRK_PATHS="$work/mixed.txt" wrk -t${WRK_THREADS:-2} -c64 -d"${duration}s" --timeout 10s -s scripts/peers/wrk-paths.lua "$url" | tail -1 > "$work/figures.json"
end=$(rss)
wait "$sampler" || true
kill "$server"; wait "$server" 2>/dev/null || true; server=""
python3 - "$work/figures.json" "$duration" "$before" "$(cat "$work/rss-start")" "$(cat "$work/rss-middle")" "$end" <<'PY'
import json, sys
figures = json.load(open(sys.argv[1]))
duration = float(sys.argv[2])
before, start, middle, end = (int(value) / 1024 for value in sys.argv[3:7])
errors = figures["non_2xx"] + figures["socket_errors"]
print(f"soak: mixed routes, 64 connections, {duration:.0f} s: {figures['requests']:,} requests, "
      f"{figures['requests_per_second']:,.0f}/s, p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms, "
      f"errors {errors} ({figures['non_2xx']} non-2xx, {figures['socket_errors']} socket)")
print(f"RSS: {before:.0f} MiB before the load; {start:.0f} at the start, {middle:.0f} in the middle, {end:.0f} MiB at the end")
flat = abs(end - start) <= 0.10 * start
print(f"target: no errors, RSS flat within 10 % from start to end: {'ok' if errors == 0 and flat else 'MISSED'}")
if duration < 600:
    print(f"(a shortened soak: SOAK_SECONDS={duration:.0f}; the default is 600)")
PY
