#!/usr/bin/env bash
# Rebuilds data/coastline.tif, the 30-arc-second land/water mask that tells geoq where
# today's sea ends, from the full-resolution GSHHG shorelines with GMT's grdlandmask.
# Values: 0 ocean, 1 land, 2 lake, 3 island in a lake, 4 pond in such an island, 5 shore: a cell
# the ocean's shoreline crosses, which holds both ocean and land (so no island smaller than a
# cell is lost). Cells a lake's or a pond's shore crosses hold land too, and read as land.
# Antarctica is cut at the grounding line: floating ice shelves are ocean, not land.
# The globe is made in 8 bands of 45° of longitude, COASTLINE_JOBS (default 2) at a time,
# and mosaicked; pixel registration puts every cell centre inside exactly one band.
set -euo pipefail
cd "$(dirname "$0")/.."

gshhg_full=/usr/share/gmt-gshhg/binned_GSHHS_f.nc
if ! command -v gmt >/dev/null || [ ! -f "$gshhg_full" ] || ! command -v gdal_translate >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends gmt gmt-gshhg-full gdal-bin >&2
  fi
fi
command -v gmt >/dev/null || { echo "make-coastline: gmt not found; install Debian's gmt and gmt-gshhg-full" >&2; exit 1; }
[ -f "$gshhg_full" ] || { echo "make-coastline: $gshhg_full not found; install Debian's gmt-gshhg-full" >&2; exit 1; }
command -v gdal_translate >/dev/null || { echo "make-coastline: gdal_translate not found; install Debian's gdal-bin" >&2; exit 1; }

jobs=${COASTLINE_JOBS:-2}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "make-coastline: COASTLINE_JOBS must be a positive whole number, got '$jobs'" >&2; exit 2; }

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gshhg_version=$(dpkg-query -W -f='${Version}' gmt-gshhg-full 2>/dev/null || echo unknown)
gmt_version=$(gmt --version)

band() {   # $1 = western edge of a 45° band; writes $work/band$1.nc
  local w=$1 e=$(($1 + 45))
  GMT_TMPDIR="$work" gmt grdlandmask -R"$w/$e/-90/90" -I30s -r -Df -A0/0/4+ag -N0/1/2/3/4 -E5/1/3/3 \
    -G"$work/band$w.nc=nb" -Ve
  echo "make-coastline: band $w..$e took ${SECONDS}s" >&2
}
export -f band; export work
SECONDS=0
printf '%s\n' -180 -135 -90 -45 0 45 90 135 | xargs -P "$jobs" -I{} bash -c 'band "$@"' _ {}
echo "make-coastline: grdlandmask took ${SECONDS}s" >&2

# GMT writes the bands south-up as signed bytes; GDAL turns them north-up.
for w in -180 -135 -90 -45 0 45 90 135; do
  gdal_translate -q -ot Byte -a_srs EPSG:4326 -a_nodata none "NETCDF:$work/band$w.nc:z" "$work/band$w.tif"
done
gdalbuildvrt -q "$work/world.vrt" "$work"/band-180.tif "$work"/band-135.tif "$work"/band-90.tif "$work"/band-45.tif \
  "$work"/band0.tif "$work"/band45.tif "$work"/band90.tif "$work"/band135.tif
desc='0 ocean (outside every GSHHG land polygon), 1 land, 2 lake, 3 island in a lake, 4 pond in such an island, 5 shore (crossed by the ocean shoreline: ocean and land)'
sed -i "s|<VRTRasterBand \(.*\)>|<VRTRasterBand \1><Description>$desc</Description>|" "$work/world.vrt"
gdal_translate -q -of GTiff -ot Byte -a_srs EPSG:4326 -a_ullr -180 90 180 -90 \
  -co TILED=YES -co BLOCKXSIZE=512 -co BLOCKYSIZE=512 -co COMPRESS=ZSTD -co ZSTD_LEVEL=12 -co NUM_THREADS="$jobs" \
  -mo "TIFFTAG_IMAGEDESCRIPTION=geoq coastline mask: $desc. Antarctica cut at the grounding line (ice shelves are ocean)." \
  -mo "AREA_OR_POINT=Area" \
  -mo "SOURCE=GSHHG $gshhg_version full resolution (LGPL-3+, Wessel and Smith), Debian gmt-gshhg-full, rasterized by GMT $gmt_version grdlandmask -I30s -r -Df -A0/0/4+ag -N0/1/2/3/4 -E5/1/3/3" \
  "$work/world.vrt" "$work/coastline.tif"
[ "$(gdalinfo "$work/coastline.tif" | grep -c '^Size is 43200, 21600$')" = 1 ] || { echo "make-coastline: result is not 43200 x 21600" >&2; exit 1; }
mv "$work/coastline.tif" data/coastline.tif
echo "wrote data/coastline.tif ($(stat -c %s data/coastline.tif) bytes)"
