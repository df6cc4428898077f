#!/usr/bin/env bash
# The HTTP service under load: wrk at 64 connections for 30 s per route, on this machine's
# loopback, against a release `geoq serve` on the embedded data. Prints requests/s, p50/p99,
# non-2xx responses and the server's resident memory before and after (WRK_SECONDS, WRK_THREADS
# change the run: 30 s and 2 threads by default). /v1/complete runs
# twice: as served (repeated prefixes answered from the completion cache) and with
# `--completion-cache 0`, every request searched and encoded anew.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
geoq=.build/release/geoq
[ -x "$geoq" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
duration=${WRK_SECONDS:-30}
work=$(mktemp -d)
source scripts/serve-background.sh
server=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
random.seed(7)
with open(f"{work}/flood.txt", "w") as out:
    for _ in range(2000):
        out.write(f"/v1/flood?rise={random.uniform(-200, 200):.1f}\n")
PY
python3 scripts/peers/typed_prefixes.py data/places.tsv.gz 2000 7 | sed 's|^|/v1/complete?q=|' > "$work/complete.txt"
# Every kind: the town prefixes, postal codes typed one character at a time, airport codes.
python3 - "$work" <<'PY'
import gzip, random, sys, urllib.parse
work = sys.argv[1]
random.seed(7)
def rows(path, kind):
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [l.rstrip("\n").split("\t") for l in lines if l.startswith(kind + "\t")]
codes = [r[2] for r in rows("data/postcodes.tsv.gz", "Z")]
airports = [r[4].split(",") for r in rows("data/airports.tsv.gz", "F") if len(r[4].split(",")[0]) == 3]
with open(f"{work}/complete.txt") as towns, open(f"{work}/kinds.txt", "w") as out:
    out.writelines(towns.readlines()[:1000])
    for _ in range(150):
        code = random.choice(codes)
        for length in range(1, len(code) + 1):
            out.write("/v1/complete?q=" + urllib.parse.quote(code[:length].lower()) + "\n")
    for _ in range(300):
        out.write("/v1/complete?q=" + urllib.parse.quote(random.choice(random.choice(airports)).lower()) + "\n")
PY

for _ in $(seq 1 100); do echo /healthz; done > "$work/healthz.txt"
# The caches every server run shares (spill index, completion index), made before any is timed,
# so that no run's memory holds a build.
XDG_CACHE_HOME="$work/cache" "$geoq" flood --rise 0 > /dev/null
XDG_CACHE_HOME="$work/cache" "$geoq" complete paris > /dev/null

printf '%-40s %12s %9s %9s %8s %18s\n' route "requests/s" "p50 ms" "p99 ms" "non-2xx" "RSS before → after"
run() {  # run NAME PATHS [SERVE OPTION…]
  local name=$1 paths=$2
  shift 2
  start_geoq "$geoq" "$work" "$@"
  local before after
  before=$(rss)
  WRK_PATHS="$paths" wrk -t${WRK_THREADS:-2} -c64 -d"${duration}s" -s scripts/peers/wrk-paths.lua "$url" | tail -1 > "$work/figures.json"
  after=$(rss)
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  python3 - "$work/figures.json" "$name" "$before" "$after" <<'PY'
import json, sys
figures = json.load(open(sys.argv[1]))
name, before, after = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
errors = figures["non_2xx"] + figures["socket_errors"]
print(f"{name:<40} {figures['requests_per_second']:>12,.0f} {figures['p50_ms']:>9.2f} {figures['p99_ms']:>9.2f} "
      f"{errors:>8} {before / 1024:>8.0f} → {after / 1024:.0f} MiB")
if name.startswith("/v1/complete"):
    ok = figures["requests_per_second"] >= 10_000 and figures["p99_ms"] < 10 and errors == 0
    print(f"{'':<40} target ≥ 10,000 req/s, p99 < 10 ms, no errors: {'ok' if ok else 'MISSED'}")
PY
}
run "/v1/complete (typed prefixes)" "$work/complete.txt"
run "/v1/complete, --completion-cache 0" "$work/complete.txt" --completion-cache 0
run "/v1/complete every kind, cache 0" "$work/kinds.txt" --completion-cache 0
run "/v1/flood?rise=… (random rises)" "$work/flood.txt"
run "/healthz (the framework's ceiling)" "$work/healthz.txt"
