#!/usr/bin/env bash
# Place completion now beside geoq at an earlier commit (GEOQ_NAMES_BASELINE, 8be6e3b by default:
# before issue 52's ranking and postal codes), both release builds on their own embedded data,
# in one run (docs/completion.md, "Speed"):
# - single-run completion p50/p99 (geoq-bench-complete's typed prefixes of today's data, the
#   same queries for both), five interleaved pairs (with three, the median of their ratios moved
#   by 0.06× between runs); target: p99 no slower than 1.1× the baseline;
# - the persisted index's size (the places cache file); target: no larger than 1.2×;
# - `geoq complete paris` as JSON and as text, whole processes on a warm cache, median of 20
#   interleaved; target: JSON no longer than 1.2× text. The first JSON answer, which makes the
#   table of every place's point in the cache folder, is timed apart.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=${GEOQ_NAMES_BASELINE:-8be6e3b}
source scripts/build-baseline.sh
build_baseline "$baseline"
[ -x .build/release/geoq-bench-complete ] || swift build -c release --static-swift-stdlib --product geoq-bench-complete >/dev/null
[ -x "$then_dir/.build/release/geoq-bench-complete" ] ||
  (cd "$then_dir" && swift build -c release --static-swift-stdlib --product geoq-bench-complete >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One workload of typed prefixes for both builds (today's data), so that the pairs time the
# same queries; each build answers them from its own index.
./.build/release/geoq-bench-complete data/places.tsv.gz data/postcodes.tsv.gz data/airports.tsv.gz data/areas.tsv.gz \
  --workload-out "$work/workload.tsv" > /dev/null
single_run() {  # single_run FOLDER: "p50 p99" of the first workload line
  (cd "$1" && ./.build/release/geoq-bench-complete data/places.tsv.gz data/postcodes.tsv.gz data/airports.tsv.gz data/areas.tsv.gz \
    --workload "$work/workload.tsv") |
    grep -m1 '^complete query: p50' | sed -E 's/.*p50 ([0-9.]+) µs, p99 ([0-9.]+).*/\1 \2/'
}
then_runs=() now_runs=()
for round in 1 2 3 4 5; do
  then_runs+=("$(single_run "$then_dir")")
  now_runs+=("$(single_run "$PWD")")
done

index_bytes() {  # index_bytes FOLDER CACHE
  (cd "$1" && XDG_CACHE_HOME="$2" GEOQ_DATA="$1/data" ./.build/release/geoq complete "new yo" >/dev/null 2>&1)
  stat -c %s "$2"/geoq/places-*.bin | sort -n | tail -1
}
index_then=$(index_bytes "$then_dir" "$work/cache-then")
index_now=$(index_bytes "$PWD" "$work/cache-now")
XDG_CACHE_HOME="$work/cache-now" .build/release/geoq flood --rise 1 --on-demand none >/dev/null 2>&1

python3 - "$work/cache-now" "$index_then" "$index_now" "$baseline" "${then_runs[@]}" -- "${now_runs[@]}" <<'PY'
import os, statistics, subprocess, sys, time
cache, index_then, index_now, baseline = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rest = sys.argv[5:]
split = rest.index("--")
then = [tuple(map(float, r.split())) for r in rest[:split]]
now = [tuple(map(float, r.split())) for r in rest[split + 1:]]
env = dict(os.environ, XDG_CACHE_HOME=cache)
def median_ms(args, runs=20):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)
geoq = ".build/release/geoq"
# The first JSON answer makes the table of every place's point in the cache folder; the rest read it.
start = time.perf_counter()
subprocess.run([geoq, "complete", "paris", "--format", "json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
first_json = 1000 * (time.perf_counter() - start)
text_runs, json_runs = [], []
for _ in range(20):  # interleaved, so that a slow moment of the machine falls on both
    text_runs.append(median_ms([geoq, "complete", "paris"], runs=1))
    json_runs.append(median_ms([geoq, "complete", "paris", "--format", "json"], runs=1))
text, json_ms = statistics.median(text_runs), statistics.median(json_runs)
p50 = [b[0] / a[0] for a, b in zip(then, now)]
p99 = [b[1] / a[1] for a, b in zip(then, now)]
print(f"{'':<44} {'at ' + baseline:>14} {'now':>12} {'ratio':>7}  target")
print(f"{'single-run completion p50 (median of 5)':<44} {statistics.median(a[0] for a in then):>11.1f} µs {statistics.median(b[0] for b in now):>9.1f} µs"
      f" {statistics.median(p50):>6.2f}×")
ok = statistics.median(p99) <= 1.1
print(f"{'single-run completion p99 (median of 5)':<44} {statistics.median(a[1] for a in then):>11.1f} µs {statistics.median(b[1] for b in now):>9.1f} µs"
      f" {statistics.median(p99):>6.2f}×  ≤ 1.1×: {'ok' if ok else 'MISSED'} (pairs {', '.join(f'{r:.2f}' for r in p99)})")
print(f"{'persisted index (places cache file)':<44} {index_then / 1e6:>11.1f} MB {index_now / 1e6:>9.1f} MB {index_now / index_then:>6.2f}×"
      f"  ≤ 1.2×: {'ok' if index_now <= 1.2 * index_then else 'MISSED'}")
print(f"{'geoq complete paris, JSON against text':<44} {text:>11.0f} ms {json_ms:>9.0f} ms {json_ms / text:>6.2f}×"
      f"  ≤ 1.2×: {'ok' if json_ms <= 1.2 * text else 'MISSED'} (now, median of 20 each)")
print(f"{'first JSON answer, making every place point':<44} {'':>14} {first_json:>9.0f} ms  (once per gazetteers, models and geoq build)")
PY
