#!/usr/bin/env bash
# The HTTP service under load: wrk at 64 connections for 30 s per route, on this machine's
# loopback, against a release `geoq serve` on the embedded data. Prints requests/s, p50/p99,
# non-2xx responses and the server's resident memory before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
geoq=.build/release/geoq
[ -x "$geoq" ] || swift build -c release --product geoq >/dev/null
duration=${WRK_SECONDS:-30}
work=$(mktemp -d)
source scripts/serve-background.sh
trap 'set +e; kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
start_geoq "$geoq" "$work"
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
random.seed(7)
with open(f"{work}/flood.txt", "w") as out:
    for _ in range(2000):
        out.write(f"/v1/flood?rise={random.uniform(-200, 200):.1f}\n")
PY
python3 scripts/peers/typed_prefixes.py data/places.tsv.gz 2000 7 | sed 's|^|/v1/complete?q=|' > "$work/complete.txt" 2>/dev/null || true

printf '%-34s %12s %9s %9s %8s %18s\n' route "requests/s" "p50 ms" "p99 ms" "non-2xx" "RSS before → after"
for route in complete flood; do
  [ -s "$work/$route.txt" ] || continue
  before=$(rss)
  WRK_PATHS="$work/$route.txt" wrk -t2 -c64 -d"${duration}s" -s scripts/peers/wrk-paths.lua "$url" | tail -1 > "$work/$route.json"
  after=$(rss)
  python3 - "$work/$route.json" "$route" "$before" "$after" <<'PY'
import json, sys
figures = json.load(open(sys.argv[1]))
route, before, after = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
name = {"complete": "/v1/complete (typed prefixes)", "flood": "/v1/flood?rise=… (random rises)"}[route]
print(f"{name:<34} {figures['requests_per_second']:>12,.0f} {figures['p50_ms']:>9.2f} {figures['p99_ms']:>9.2f} "
      f"{figures['non_2xx'] + figures['socket_errors']:>8} {before / 1024:>8.0f} → {after / 1024:.0f} MiB")
if route == "complete":
    ok = figures["requests_per_second"] >= 10_000 and figures["p99_ms"] < 10 and figures["non_2xx"] + figures["socket_errors"] == 0
    print(f"{'':<34} target ≥ 10,000 req/s, p99 < 10 ms, no errors: {'ok' if ok else 'MISSED'}")
PY
done
