#!/usr/bin/env bash
# Scale figures of the Dask driver (issue 11): the tiled build of an N× upsample of ETOPO5 on 1
# Dask worker against 2 (each a process with one thread), the bytes through the scheduler and
# into the merge against the grid's bytes, and a projection to global 3″ and 1″ grids from the
# measured per-tile costs (scripts/project_dask_scale.py; its table is docs/scale.md).
#   GRID_SCALE=16 (default, 69120×34576 = 2.39×10⁹ cells) or 4 (17280×8644) while developing.
#   TILE_SIZE (default 4096 at 16×, 2048 below).
# Expects the release geoq and the driver's venv (`make bench` makes both).
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${GRID_SCALE:-16}
tile=${TILE_SIZE:-$([ "$scale" -ge 16 ] && echo 4096 || echo 2048)}
geoq=${GEOQ:-$PWD/.build/release/geoq}
venv=$PWD/.build/dask-venv
out=$PWD/.build/bench-dask/x$scale
mkdir -p "$out"

if [ "$scale" = 1 ]; then
  dem=$PWD/data/etopo5.tif
elif [ -x scripts/make-big-dem.sh ]; then
  dem=$PWD/$(scripts/make-big-dem.sh "$scale" | tail -1)
else  # the same upsample as scripts/make-big-dem.sh
  dem=$PWD/.build/big/etopo5-x$scale.tif
  if [ ! -s "$dem" ]; then
    mkdir -p .build/big
    gdalwarp -q -overwrite -r cubic -ts $((4320 * scale)) $((2161 * scale)) -ot Int16 -wm 1024 -of GTiff \
      -co TILED=YES -co BLOCKXSIZE=512 -co BLOCKYSIZE=512 -co COMPRESS=DEFLATE -co PREDICTOR=2 -co ZLEVEL=1 \
      -co BIGTIFF=YES data/etopo5.tif "$dem.partial.$$"
    mv "$dem.partial.$$" "$dem"
  fi
fi

pids=()
# Workers first, then the scheduler (a worker whose scheduler went first can hang in its close).
stop() {
  local i
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "${pids[i]}" 2>/dev/null || break; sleep 0.1; done
    kill -9 "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  pids=()
}
trap stop EXIT

# One scheduler process counting its TCP bytes (geoq_dask.traffic), K single-threaded workers.
run_with_workers() {
  local workers=$1 folder=$out/w$1
  rm -rf "$folder"; mkdir -p "$folder"
  "$venv/bin/dask" scheduler --host 127.0.0.1 --port 0 --dashboard-address 127.0.0.1:0 \
    --preload geoq_dask.traffic --scheduler-file "$folder/scheduler.json" > "$folder/scheduler.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do [ -s "$folder/scheduler.json" ] && break; sleep 0.1; done
  for i in $(seq 1 "$workers"); do
    "$venv/bin/dask" worker --scheduler-file "$folder/scheduler.json" --nthreads 1 --no-nanny --host 127.0.0.1 \
      --dashboard-address 127.0.0.1:0 > "$folder/worker-$i.log" 2>&1 &
    pids+=($!)
  done
  "$venv/bin/python" - "$folder/scheduler.json" "$workers" <<'PY'
import sys
from distributed import Client
with Client(scheduler_file=sys.argv[1], timeout=60) as client:
    client.wait_for_workers(int(sys.argv[2]), timeout=120)
PY
  local address
  address=$("$venv/bin/python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["address"])' "$folder/scheduler.json")
  "$venv/bin/geoq-dask" build --dem "$dem" --tile-size "$tile" --scheduler "$address" --geoq "$geoq" \
    --work "$folder/work" -o "$folder/index.tif" > "$folder/summary.json" 2> "$folder/driver.log"
  stop
  rm -rf "$folder/work"
}

echo "grid: $dem ($(gdalinfo "$dem" | grep -m1 'Size is')), tiles of $tile, $(nproc) cores"
run_with_workers 1
echo "1 worker done; load average $(cut -d' ' -f1-3 /proc/loadavg)"
run_with_workers 2
echo "2 workers done; load average $(cut -d' ' -f1-3 /proc/loadavg)"
if cmp -s "$out/w1/index.tif" "$out/w2/index.tif"; then echo "1-worker and 2-worker indexes: identical bytes"
else echo "1-worker and 2-worker indexes DIFFER" >&2; exit 1; fi
"$venv/bin/python" scripts/project_dask_scale.py "$out/w1/summary.json" "$out/w2/summary.json" --markdown "$out/scale-table.md"
