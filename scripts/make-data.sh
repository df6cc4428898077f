#!/usr/bin/env bash
# Rebuilds data/etopo5.tif from Debian's ferret-datasets copy of ETOPO5.
# The source's x spacing is 0.083334105°, a rounding artefact: cells are exactly 1/12°,
# so the georeference is set exactly, and the 0…360 longitudes are rotated to −180…180.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${ETOPO5_CDF:-$(dpkg -L ferret-datasets 2>/dev/null | grep '/etopo5\.cdf$' | head -1)}
[ -n "$src" ] && [ -f "$src" ] || { echo "make-data: etopo5.cdf not found; install Debian's ferret-datasets" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
h='0.041666666666666667'   # half a cell, 1/24°
common=(-q -ot Int16 -a_srs EPSG:4326 -a_nodata none)
gdal_translate "${common[@]}" -srcwin 2160 0 2160 2161 -a_ullr "-180.041666666666667" "90.041666666666667" "-$h" "-90.041666666666667" "NETCDF:$src:ROSE" "$work/east.tif"
gdal_translate "${common[@]}" -srcwin 0 0 2160 2161 -a_ullr "-$h" "90.041666666666667" "179.958333333333333" "-90.041666666666667" "NETCDF:$src:ROSE" "$work/west.tif"
gdalbuildvrt -q "$work/world.vrt" "$work/east.tif" "$work/west.tif"
gdal_translate -q -of GTiff -co TILED=YES -co COMPRESS=DEFLATE -co PREDICTOR=2 -co ZLEVEL=9 \
  -mo "SOURCE=ETOPO5 5-minute global relief, NOAA NGDC (public domain), via Debian ferret-datasets" \
  "$work/world.vrt" "$work/etopo5.tif.tmp"
mv "$work/etopo5.tif.tmp" data/etopo5.tif
echo "wrote data/etopo5.tif"
