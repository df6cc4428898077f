#!/usr/bin/env bash
# Writes a deterministic N× upsample of data/etopo5.tif for tests and benchmarks of the tiled
# spill index: cubic resampling with GDAL, as a tiled, DEFLATE-compressed Int16 GeoTIFF.
#   scripts/make-big-dem.sh N            → $GEOQ_BIG_DIR/etopo5-xN.tif   (default .build/big)
#   DETAIL=1 scripts/make-big-dem.sh N   → etopo5-xN-detail.tif: plus a fixed-seed fractal detail
#                                          (four octaves of value noise, ±11 m), so that the
#                                          upsample's flats are not artificially smooth.
# N = 4 gives 17280×8644 = 1.49×10⁸ cells; N = 16 gives 69120×34576 = 2.39×10⁹ (4.8 GB as Int16).
# The file is made once: an existing one is kept (remove it to make it again).
set -euo pipefail
cd "$(dirname "$0")/.."
factor=${1:?usage: scripts/make-big-dem.sh N}
[[ "$factor" =~ ^[1-9][0-9]*$ ]] || { echo "make-big-dem: N must be a positive whole number, got '$factor'" >&2; exit 2; }
folder=${GEOQ_BIG_DIR:-.build/big}
mkdir -p "$folder"
width=$((4320 * factor)); height=$((2161 * factor))
suffix=""; [ "${DETAIL:-0}" = 1 ] && suffix="-detail"
out="$folder/etopo5-x${factor}${suffix}.tif"
if [ -s "$out" ]; then echo "$out"; exit 0; fi
creation=(-co TILED=YES -co BLOCKXSIZE=512 -co BLOCKYSIZE=512 -co COMPRESS=DEFLATE -co PREDICTOR=2 -co ZLEVEL=1 -co BIGTIFF=YES -co NUM_THREADS=ALL_CPUS)
partial="$out.partial.$$"
trap 'rm -f "$partial" "$partial.raw" "$partial.raw.hdr" "$partial.raw.aux.xml"' EXIT
if [ -z "$suffix" ]; then
  gdalwarp -q -overwrite -r cubic -ts "$width" "$height" -ot Int16 -multi -wo NUM_THREADS=ALL_CPUS -wm 1024 \
    -of GTiff "${creation[@]}" data/etopo5.tif "$partial"
else
  python3 -c "import numpy" 2>/dev/null || pip install -q numpy
  gdalwarp -q -overwrite -r cubic -ts "$width" "$height" -ot Int16 -multi -wo NUM_THREADS=ALL_CPUS -wm 1024 \
    -of ENVI data/etopo5.tif "$partial.raw"
  python3 scripts/add_fractal_detail.py "$partial.raw" "$width" "$height"
  gdal_translate -q -of GTiff "${creation[@]}" "$partial.raw" "$partial"
fi
mv "$partial" "$out"
echo "$out"
