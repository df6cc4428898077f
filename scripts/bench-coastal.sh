#!/usr/bin/env bash
# The coastal figures' cost (docs/flood.md, "Figures"): geoq now against geoq at the commit before
# the sub-grid coastal model (GEOQ_COASTAL_BASELINE, 8be6e3b by default), both release builds on
# their own embedded data, in one run. Per binary: the first build of the caches on a fresh
# machine (an empty cache folder, `geoq flood --rise 1 --on-demand none`, median of 3); `geoq serve`
# ready with warm caches (median of 5 starts) and its resident memory; wrk's p50/p99 for the world
# figure at random rises, the flooded-places answer, and zoom-2 map tiles, both builds serving at
# once (scripts/wrk_pairs.py). Then the figures beside the published ones (scripts/figures.sh).
# Targets (issue 51): ready under 1 s, memory under 1 GB; the three answers no slower than 1.2×
# the baseline; the first cache build no longer than 1.5× it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk >/dev/null; }
baseline=${GEOQ_COASTAL_BASELINE:-8be6e3b}
duration=${WRK_SECONDS:-5}
source scripts/build-baseline.sh
build_baseline "$baseline"
work=$(mktemp -d)
trap 'set +e; wait 2>/dev/null; rm -rf "$work"' EXIT

# The first build of the caches: a fresh cache folder each time.
first_build() {
  local folder=$1 binary=$2 times=()
  for run in 1 2 3; do
    rm -rf "$work/cold" && mkdir -p "$work/cold"
    local start=$(date +%s.%N)
    (cd "$folder" && XDG_CACHE_HOME="$work/cold" GEOQ_DATA="$folder/data" "$binary" flood --rise 1 --on-demand none > /dev/null 2>&1)
    times+=("$(echo "$(date +%s.%N) - $start" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}
cold_then=$(first_build "$then_dir" "$then_dir/.build/release/geoq")
cold_now=$(first_build "$PWD" "$now")

python3 - "$work" <<'PY'
import random, sys
random.seed(51)
rises = [0.5, 1, 2, 3, 5, 10]
with open(f"{sys.argv[1]}/world.txt", "w") as out:
    for _ in range(500): out.write(f"/v1/flood?rise={random.choice(rises)}&limit=1\n")
with open(f"{sys.argv[1]}/places.txt", "w") as out:
    for _ in range(500): out.write(f"/v1/flood/places?rise={random.choice(rises)}&limit=20\n")
with open(f"{sys.argv[1]}/tiles.txt", "w") as out:
    for _ in range(500): out.write(f"/v1/tiles/2/{random.randrange(4)}/{random.randrange(4)}.png?rise={random.choice(rises)}\n")
PY
python3 scripts/serve_ready.py --binary "$then_dir/.build/release/geoq" --folder "$then_dir" --cache "$work/cache-then" --starts 5 > "$work/then.json"
python3 scripts/serve_ready.py --binary "$now" --folder "$PWD" --cache "$work/cache-now" --starts 5 > "$work/now.json"
python3 scripts/wrk_pairs.py --cache-root "$work" --rounds "${WRK_ROUNDS:-4}" --wrk-seconds "$duration" \
  --build then "$then_dir/.build/release/geoq" "$then_dir" --build now "$now" "$PWD" \
  --paths "$work/world.txt" --paths "$work/places.txt" --paths "$work/tiles.txt" > "$work/pairs.json"
python3 - "$work/then.json" "$work/now.json" "$baseline" "$work/pairs.json" "$cold_then" "$cold_now" <<'PY'
import json, sys
then, now, baseline = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
pairs = json.load(open(sys.argv[4]))
cold_then, cold_now = float(sys.argv[5]), float(sys.argv[6])
print(f"{'':<46} {'at ' + baseline:>14} {'now':>12} {'now/then':>9}  target")
def row(name, a, b, unit, target, ok):
    print(f"{name:<46} {a:>11.2f} {unit:<2} {b:>9.2f} {unit:<2} {b / a:>8.2f}×  {target}: {'ok' if ok else 'MISSED'}")
row("first build of the caches (median of 3)", cold_then, cold_now, "s", "≤ 1.5× then", cold_now <= 1.5 * cold_then)
row("serve ready, warm caches (median of 5)", then["ready_s"], now["ready_s"], "s", "< 1 s", now["ready_s"] < 1)
row("resident memory once ready", then["rss_ready_mib"], now["rss_ready_mib"], "MB", "< 1 GB", now["rss_ready_mib"] < 1024)
a, b = pairs["builds"]["then"]["rss_after_mib"], pairs["builds"]["now"]["rss_after_mib"]
row("resident memory after the load", a, b, "MB", "< 1 GB", b < 1024)
for route, name in zip(pairs["routes"], ["/v1/flood, world figure", "/v1/flood/places", "/v1/tiles zoom 2"]):
    a, b = route["then"], route["now"]
    for q in ("p50_ms", "p99_ms"):
        row(f"{name} {q[:3]}", a[q], b[q], "ms", "≤ 1.2× then", b[q] <= 1.2 * a[q])
    if a["errors"] or b["errors"]:
        print(f"  non-2xx or socket errors: then {a['errors']}, now {b['errors']}")
PY
echo
bash scripts/figures.sh
