#!/usr/bin/env bash
# Place completion beside Tantivy and SQLite FTS5 (docs/peers.md): the typed-prefix workload of
# geoq-bench-complete (20,000 prefixes of town names, with typos, from the embedded gazetteers)
# replayed by Tantivy (prefix queries, then fuzzy ones to fill the list;
# scripts/peers/tantivy_complete.py) and FTS5 (scripts/bench_complete_fts5.py) over the same
# towns and aliases: latency (best of 3 runs each, and single runs) and success@5.
# Targets (issue 26): geoq ≥ 10× Tantivy at p99; geoq in single runs over every kind
# p50 ≤ 20 µs and p99 ≤ 100 µs.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/geoq-bench-complete
[ -x "$bench" ] || swift build -c release --static-swift-stdlib --product geoq-bench-complete >/dev/null
venv=.build/peers-venv
[ -f $venv/.installed ] || make -s $venv/.installed
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

"$bench" data/places.tsv.gz data/postcodes.tsv.gz data/airports.tsv.gz --workload-out "$work/workload" > "$work/geoq.txt"
python3 scripts/bench_complete_fts5.py data/places.tsv.gz "$work/workload" > "$work/fts5.txt"
$venv/bin/python scripts/peers/tantivy_complete.py data/places.tsv.gz "$work/workload" > "$work/tantivy.jsonl"

$venv/bin/python - "$work" <<'PY'
import json, os, re, sys
sys.path.insert(0, "scripts/peers")
from side_by_side import header, row
work = sys.argv[1]
geoq, fts5 = (open(os.path.join(work, name)).read() for name in ("geoq.txt", "fts5.txt"))
def figures(text, pattern):
    match = re.search(pattern, text)
    if not match:
        sys.exit(f"bench-peers-complete: no line matching '{pattern}' in the output")
    return [float(value) for value in match.groups()]
best = figures(geoq, r"complete query: p50 ([0-9.]+) µs, p99 ([0-9.]+) µs.*success@5 ([0-9.]+)%")
single = figures(geoq, r"complete query: single runs \(no best-of-3\): p50 ([0-9.]+) µs, p99 ([0-9.]+) µs")
every = figures(geoq, r"complete every kind: p50 ([0-9.]+) µs, p99 ([0-9.]+) µs")
peers = {"FTS5": {"p50_us": figures(fts5, r"fts5 query: p50 ([0-9.]+) µs")[0], "p99_us": figures(fts5, r"fts5 query: p50 [0-9.]+ µs, p99 ([0-9.]+) µs")[0],
                  "single_p50_us": figures(fts5, r"single runs \(no best-of-3\): p50 ([0-9.]+) µs")[0],
                  "single_p99_us": figures(fts5, r"single runs \(no best-of-3\): p50 [0-9.]+ µs, p99 ([0-9.]+) µs")[0],
                  "success_at_5": figures(fts5, r"workload success@5 ([0-9.]+)%")[0] / 100}}
for line in open(os.path.join(work, "tantivy.jsonl")):
    record = json.loads(line)
    peers[record.pop("name").replace("tantivy", "Tantivy")] = record
print(f"-- typed prefixes of towns (geoq-bench-complete's workload, same queries for every engine); success@5 geoq {best[2]:.1f}%")
header("", "geoq", "peer")
for name, peer in peers.items():
    target = 10 if name.startswith("Tantivy") else None
    row(f"{name}: p50, best of 3", best[0], peer["p50_us"], "µs", None, f"success@5 {100 * peer['success_at_5']:.1f}%")
    row(f"{name}: p99, best of 3", best[1], peer["p99_us"], "µs", target)
    row(f"{name}: p99, single runs", single[1], peer["single_p99_us"], "µs", target)
def alone(what, value, goal):
    print(f"{what:<50} {value:>10.1f} µs {'':>13} {'':>11}  {'≤ %g µs' % goal:<8} "
          + ("ok" if value <= goal else f"MISSED by {value / goal:.2f}×"))
alone("geoq single runs, every kind: p50", every[0], 20)
alone("geoq single runs, every kind: p99", every[1], 100)
alone("geoq single runs, typed prefixes: p50", single[0], 20)
alone("geoq single runs, typed prefixes: p99", single[1], 100)
PY
