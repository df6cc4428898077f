#!/usr/bin/env bash
# What today's coastline costs the service: geoq now against geoq at the commit before the
# coastline came (GEOQ_BASELINE, c8f1ef0 by default), both release builds on their own
# embedded data, in one run. Per binary: the time from `geoq serve` starting to its first
# /healthz answer with warm caches (median of 5 starts), resident memory once ready and after
# the load below, and wrk's p50/p99 for typed completion prefixes (completion cache off, every
# request searched) and for the flooded-places list at random rises: both builds serving at
# once, wrk against each in turn for WRK_ROUNDS rounds (4) of WRK_SECONDS (5), order alternating,
# and each build's median reported (scripts/wrk_pairs.py).
# Targets (issue 34): ready under 1 s, memory under 1 GB, completion p99 and the flooded-places
# answer no slower than 1.1× the baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
baseline=${GEOQ_BASELINE:-c8f1ef0}
duration=${WRK_SECONDS:-5}
source scripts/build-baseline.sh
build_baseline "$baseline"
work=$(mktemp -d)
server=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

# Completion over every kind: typed prefixes of town names, then of postal codes, airport names
# and countries' and regions' names (as many of each as a search box might see), shuffled.
{ python3 scripts/peers/typed_prefixes.py data/places.tsv.gz 2000 7
  python3 - data/postcodes.tsv.gz data/airports.tsv.gz data/areas.tsv.gz <<'PY'
import gzip, random, sys, urllib.parse
generator = random.Random(7)
for path, count in zip(sys.argv[1:], (400, 400, 200)):
    with gzip.open(path, "rt", encoding="utf-8") as rows:
        names = [line.split("\t")[2] for line in rows if not line.startswith("#") and not line.startswith("kind\t")]
    for _ in range(count):
        name = generator.choice(names)
        print(urllib.parse.quote(name[: generator.randint(1, min(10, len(name)))].lower()))
PY
} | python3 -c "import random, sys; lines = sys.stdin.read().split(); random.Random(7).shuffle(lines); print('\n'.join(lines))" \
  | sed 's|^|/v1/complete?q=|' > "$work/complete.txt"
python3 - "$work" <<'PY'
import random, sys
random.seed(7)
with open(f"{sys.argv[1]}/places.txt", "w") as out:
    for _ in range(500):
        out.write(f"/v1/flood/places?rise={random.choice([0.5, 1, 2, 3, 5, 10])}&limit=20\n")
PY

# ready LABEL FOLDER BINARY: the time to the first answer and the memory once ready, from FOLDER,
# whose data/ the binary answers from.
ready() {
  local label=$1 folder=$2 binary=$3
  python3 scripts/serve_ready.py --binary "$binary" --folder "$folder" --cache "$work/cache-$label" --starts 5 \
    --serve-option=--completion-cache --serve-option=0 > "$work/$label.json"
}
ready then "$then_dir" "$then_dir/.build/release/geoq"
ready now "$PWD" "$now"
# The latencies: both builds serving at once, wrk against each in turn, rounds interleaved.
python3 scripts/wrk_pairs.py --cache-root "$work" --rounds "${WRK_ROUNDS:-4}" --wrk-seconds "$duration" \
  --build then "$then_dir/.build/release/geoq" "$then_dir" --build now "$now" "$PWD" \
  --paths "$work/complete.txt" --paths "$work/places.txt" \
  --serve-option=--completion-cache --serve-option=0 > "$work/pairs.json"
python3 - "$work/then.json" "$work/now.json" "$baseline" "$work/pairs.json" <<'PY'
import json, sys
then, now, baseline = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
pairs = json.load(open(sys.argv[4]))
print(f"{'':<44} {'at ' + baseline:>14} {'now':>12} {'now/then':>9}  target")
def row(name, a, b, unit, target, ok):
    print(f"{name:<44} {a:>11.2f} {unit:<2} {b:>9.2f} {unit:<2} {b / a:>8.2f}×  {target}: {'ok' if ok else 'MISSED'}")
row("serve ready, warm caches (median of 5)", then["ready_s"], now["ready_s"], "s", "< 1 s", now["ready_s"] < 1)
row("resident memory once ready", then["rss_ready_mib"], now["rss_ready_mib"], "MB", "< 1 GB", now["rss_ready_mib"] < 1024)
a, b = pairs["builds"]["then"]["rss_after_mib"], pairs["builds"]["now"]["rss_after_mib"]
row("resident memory after the load", a, b, "MB", "< 1 GB", b < 1024)
rounds = len(pairs["routes"][0]["now"]["rounds"])
for route, name in zip(pairs["routes"], ["/v1/complete, every kind, cache off", "/v1/flood/places, random rises"]):
    a, b = route["then"], route["now"]
    for q in ("p50_ms", "p99_ms"):
        row(f"{name} {q[:3]}", a[q], b[q], "ms", "≤ 1.1× then", b[q] <= 1.1 * a[q])
    if a["errors"] or b["errors"]:
        print(f"  non-2xx or socket errors: then {a['errors']}, now {b['errors']}")
print(f"(latencies: medians of {rounds} interleaved wrk rounds per build, both serving at once)")
PY
