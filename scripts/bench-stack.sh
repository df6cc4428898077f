#!/usr/bin/env bash
# The elevation stack (docs/elevation-stack.md) beside the base alone, in one run:
# - a point anywhere on the Earth and the flooded-places answer on ETOPO5 plus 10 fine models,
#   against ETOPO5 alone (p50 and p99 in process; target ≤ 1.2×), and points inside the fine
#   models (information: there the fine model answers from a grid whose cells are not in cache);
# - each fine model's nested build against building it alone (target ≤ 1.1×);
# - `geoq serve` on the embedded stack: ready (its first /healthz answered) with its caches
#   warm (target < 1 s), and its resident memory after mixed queries (target < 400 MB).
# The 10 fine models are the three SRTM tiles of ../shared/dem (Hamburg and Nice at 3″, Juan de
# Fuca at 1″) and seven crops of them, each a region of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/geoq-bench-stack geoq=.build/release/geoq
[ -x "$bench" ] || swift build -c release --static-swift-stdlib --product geoq-bench-stack >/dev/null
[ -x "$geoq" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
work=$(mktemp -d)
source scripts/serve-background.sh
server=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

shared=../shared/dem
fines=()
for tile in N53E009 N43E007 N48W125; do
  fines+=("/vsizip/$(realpath "$shared/$tile.hgt.zip")/$tile.hgt")
done
crop=0
for window in "0 0 600 600" "600 600 601 601" "0 600 600 601"; do
  for tile in N53E009 N43E007; do
    [ $crop -lt 7 ] || break
    gdal_translate -q -srcwin $window "/vsizip/$(realpath "$shared/$tile.hgt.zip")/$tile.hgt" "$work/crop$crop.tif"
    fines+=("$work/crop$crop.tif"); crop=$((crop + 1))
  done
done
gdal_translate -q -srcwin 1800 1800 1801 1801 "/vsizip/$(realpath "$shared/N48W125.hgt.zip")/N48W125.hgt" "$work/crop6.tif"
fines+=("$work/crop6.tif")

"$bench" data/etopo5.tif data/places.tsv.gz,data/postcodes.tsv.gz,data/airports.tsv.gz "${fines[@]}" > "$work/stack.jsonl"

# serve on the embedded stack: one start to warm the caches, then the measured one.
start_geoq "$geoq" "$work" > /dev/null; kill $server; wait $server 2>/dev/null || true
rm -f "$work/server.log"   # else the next start may read the first one's address
start=$(date +%s.%N)
start_geoq "$geoq" "$work" > /dev/null
until curl -sf "$url/healthz" > /dev/null; do sleep 0.01; done
ready=$(echo "$(date +%s.%N) - $start" | bc)
for q in "v1/flood?rise=2" "v1/flood/point?place=hamburg&rise=2" "v1/complete?q=ham" "v1/tiles/6/33/20.png?rise=2" "v1/flood/places?rise=2&limit=50"; do
  curl -sf "$url/$q" > /dev/null
done
rss=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
printf '{"name": "serve", "ready_s": %.3f, "rss_kb": %d}\n' "$ready" "$rss" >> "$work/stack.jsonl"

python3 - "$work/stack.jsonl" <<'PY'
import json, sys
f = {}
for line in open(sys.argv[1]):
    r = json.loads(line); f[r.pop("name")] = r
def row(what, value, target, ok, note=""):
    print(f"{what:<52} {value:>16}  {target:<16} {'ok' if ok else 'MISSED':<6} {note}")
print(f"{'figure':<52} {'stack':>16}  {'target':<16} {'':<6} beside the base alone (same run)")
for name, label in [("stack_point", "point anywhere"), ("stack_places", "flooded places (/v1/flood answer)")]:
    r = f[name]
    for p in ("p50", "p99"):
        ratio = r[f"stack_{p}_us"] / r[f"base_{p}_us"]
        row(f"{label}, base + 10 fine models, {p}", f"{r[f'stack_{p}_us']:.2f} µs", "≤ 1.2× base", ratio <= 1.2,
            f"base alone {r[f'base_{p}_us']:.2f} µs → {ratio:.2f}×")
r = f["stack_point_inside"]
for p in ("p50", "p99"):
    ratio = r[f"stack_{p}_us"] / r[f"base_{p}_us"]
    row(f"  point inside a fine model, {p}", f"{r[f'stack_{p}_us']:.2f} µs", "(information)", True,
        f"the base alone {r[f'base_{p}_us']:.2f} µs → {ratio:.2f}× (a fine grid's cells are not in cache; the base's few are)")
n = f["nested_build"]
ratio = n["nested_s"] / n["alone_s"]
row(f"nested build of {n['models']:.0f} fine models", f"{n['nested_s']:.3f} s", "≤ 1.1× alone", ratio <= 1.1,
    f"each built alone {n['alone_s']:.3f} s → {ratio:.2f}× (largest {n['largest_cells'] / 1e6:.1f} M cells)")
s = f["serve"]
row("serve ready, embedded stack (caches warm)", f"{s['ready_s']:.2f} s", "< 1 s", s["ready_s"] < 1)
row("serve resident memory, embedded stack", f"{s['rss_kb'] / 1024:.0f} MB", "< 400 MB", s["rss_kb"] / 1024 < 400)
PY
