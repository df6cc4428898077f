#!/usr/bin/env bash
# The tiled spill index (issue: sea levels for elevation models larger than memory), beside its
# peers in one run:
#   - the 4× ETOPO5 upsample (1.49×10⁸ cells): tiled build vs today's monolithic build, and
#     pyflwdir's fill_depressions (which needs the whole grid in memory);
#   - the 16× upsample (2.39×10⁹ cells; TILED_BENCH_FACTOR=N for another size): the tiled build's
#     time and peak memory, and what serving its index costs.
# The grids are made once by scripts/make-big-dem.sh under $GEOQ_BIG_DIR (default .build/big).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/release/geoq ] && [ -x .build/release/geoq-bench-tiled ] || swift build -c release --static-swift-stdlib >/dev/null
geoq=.build/release/geoq
factor=${TILED_BENCH_FACTOR:-16}
work=${GEOQ_BIG_DIR:-.build/big}/bench-work
rm -rf "$work"; mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

timed() {  # timed NAME COMMAND…: wall seconds and peak RSS as a JSON line
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" > "$work/$name.out" 2> "$work/$name.err" || { cat "$work/$name.err" >&2; return 1; }
  read -r seconds kib < "$work/$name.time"
  echo "{\"name\": \"$name\", \"seconds\": $seconds, \"peak_rss_bytes\": $((kib * 1024)), \"output\": $(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' "$work/$name.out")}"
}

x4=$(scripts/make-big-dem.sh 4)
big=$(scripts/make-big-dem.sh "$factor")
{
  timed monolithic_x4 "$geoq" index build --dem "$x4" --cache-dir "$work/cache"
  timed tiled_x4 "$geoq" index build --tiled --dem "$x4" -o "$work/x4.tif"
  gdal_translate -q -of ENVI "$x4" "$work/x4.raw"
  python3 - "$work/x4.raw" 17280 8644 <<'PY'
import json, sys, time
import numpy as np
import pyflwdir.dem
path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
start = time.perf_counter()
elevation = np.fromfile(path, dtype="<i2").reshape(height, width).astype(np.float32)
read = time.perf_counter() - start
pyflwdir.dem.fill_depressions(elevation[:64, :64].copy())  # numba compiles on first call; not timed
start = time.perf_counter()
pyflwdir.dem.fill_depressions(elevation, outlets="edge")
print(json.dumps({"name": "pyflwdir_x4", "seconds": time.perf_counter() - start, "read_seconds": read}))
PY
  rm -f "$work/x4.raw"
  timed tiled_big "$geoq" index build --tiled --dem "$big" -o "$work/big.tif"
  .build/release/geoq-bench-tiled serve "$work/big.tif"
} > "$work/figures.jsonl"

python3 - "$work/figures.jsonl" "$factor" <<'PY'
import json, re, sys
figures = {}
for line in open(sys.argv[1]):
    record = json.loads(line)
    figures[record.pop("name")] = record
factor = int(sys.argv[2])
mono, tiled, fill, big, serve = figures["monolithic_x4"], figures["tiled_x4"], figures["pyflwdir_x4"], figures["tiled_big"], figures["tiled_serve"]
stages = dict((name, float(value)) for name, value in re.findall(r"(fill|link|finish|assemble) ([0-9.]+) s", big["output"]))
workers = int(re.search(r"(\d+) workers", big["output"]).group(1))
cells = serve["cells"]
def row(what, value, target, ok, peer=""):
    print(f"{what:<52} {value:>14}  {target:<26} {'ok' if ok else 'MISSED':<6} {peer}")
print(f"{'figure':<52} {'geoq':>14}  {'target':<26} {'':<6} beside the peer (same run)")
row("4× grid, tiled build (read, flood, COG)", f"{tiled['seconds']:.2f} s", "≤ 1.5× monolithic", tiled["seconds"] <= 1.5 * mono["seconds"],
    f"monolithic index build {mono['seconds']:.2f} s → {tiled['seconds'] / mono['seconds']:.2f}×; pyflwdir fill_depressions {fill['seconds']:.2f} s → geoq tiled {fill['seconds'] / tiled['seconds']:.1f}× faster")
row("  peak memory, tiled vs monolithic", f"{tiled['peak_rss_bytes'] / 2**20:.0f} MiB", "(information)", True, f"monolithic {mono['peak_rss_bytes'] / 2**20:.0f} MiB")
row(f"{factor}× grid ({cells / 1e9:.2f}×10⁹ cells), tiled build", f"{big['seconds']:.1f} s", "< 240 s", big["seconds"] < 240,
    "stages: " + ", ".join(f"{k} {v:.1f} s" for k, v in stages.items()))
row("  peak resident memory", f"{big['peak_rss_bytes'] / 2**20:.0f} MiB", "< 2048 MiB, < 1 B/cell", big["peak_rss_bytes"] < 2 * 2**30,
    f"{big['peak_rss_bytes'] / cells:.2f} B/cell")
per_core = cells / stages.get("fill", big["seconds"]) / workers
row("  flood stage, cells/s per core", f"{per_core / 1e6:.1f} M", "≥ 25 M (10× Barnes 2016)", per_core >= 25e6,
    f"Barnes (2016): 2.5 M cells/s per core; whole build {cells / big['seconds'] / workers / 1e6:.1f} M cells/s per core")
row("serving: resident memory", f"{serve['rss_bytes'] / 2**20:.0f} MiB", "< 1024 MiB", serve["rss_bytes"] < 2**30, f"peak {serve['peak_rss_bytes'] / 2**20:.0f} MiB; open {serve['open_s'] * 1e3:.0f} ms")
row("serving: whole-grid figures", f"{serve['stats_us']:.2f} µs", "< 10 µs", serve["stats_us"] < 10)
row("serving: a point (p50 / p99)", f"{serve['point_ms_p50']:.3f} ms", "< 1 ms", serve["point_ms_p99"] < 1, f"p99 {serve['point_ms_p99']:.3f} ms")
row("serving: world-view 256² tile (p50 / max)", f"{serve['tile_ms_p50']:.1f} ms", "< 20 ms", serve["tile_ms_p50"] < 20,
    f"max {serve['tile_ms_max']:.1f} ms (cold), warm z0 {serve['tile_warm_ms']:.1f} ms")
PY
