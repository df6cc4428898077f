#!/usr/bin/env bash
# Rebuilds data/borders.geojson, the land borders the web page draws, from Natural Earth's
# 1:110m countries (public domain) as the geopandas wheel on PyPI ships them (version 0.14.4,
# the last with its naturalearth_lowres dataset): pip downloads the wheel (no install), GDAL's
# ogr2ogr reads the shapefile, scripts/data/make_borders.py keeps the borders two countries share.
# The same wheel gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
pip download -q geopandas==0.14.4 --no-deps -d "$work"
(cd "$work" && python3 -m zipfile -e geopandas-0.14.4-py3-none-any.whl wheel)
shapefile="$work/wheel/geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp"
[ -f "$shapefile" ] || { echo "make-borders: naturalearth_lowres.shp not in the geopandas wheel" >&2; exit 1; }
ogr2ogr -f GeoJSON "$work/countries.geojson" "$shapefile"
python3 scripts/data/make_borders.py "$work/countries.geojson" "$work/borders.geojson"
size=$(stat -c %s "$work/borders.geojson")
[ "$size" -lt 300000 ] || { echo "make-borders: borders.geojson is $size bytes (expected under 300 KB)" >&2; exit 1; }
mv "$work/borders.geojson" data/borders.geojson
echo "wrote data/borders.geojson ($size bytes, $(python3 -c 'import json; print(len(json.load(open("data/borders.geojson"))["features"]))') borders)"
