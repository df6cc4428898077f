#!/usr/bin/env bash
# geoq dem fetch against a local stand-in for the Copernicus DEM's buckets (these machines reach
# no object storage): a loopback HTTP server with range requests over folders laid out as the
# real buckets are (one folder a tile, tileList.txt at the root), holding tiles made from ETOPO5
# and the SRTM Hamburg tile resampled to the Copernicus grids: GLO-30 N53E009 with 2400 columns
# (50–60° N), GLO-90 N53E008 and N53E009, N53E008 absent from GLO-30 (a land tile not public, so
# GLO-90 answers) and N54E008 absent from both (open sea); GLO-90 N54E009 too, for the stack
# entry's cache. Checks that the fetched tiles give the same flood answers as the same tiles given
# by hand, and every bad input's one line; then the stack entry --dem copernicus:90 (the tile
# around each point, fetched on first use, its disk cache evicting the least recently used), and
# a large area's tiled index.
set -euo pipefail
cd "$(dirname "$0")/.."
geoq=${GEOQ:-.build/debug/geoq}
[ -x "$geoq" ] || swift build --product geoq
work=$(mktemp -d)
servers=()
cleanup() { set +e; for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null; done; wait 2>/dev/null; mountpoint -q "$work/full" && umount "$work/full"; rm -rf "$work"; }
trap cleanup EXIT
export XDG_CACHE_HOME="$work/cache"
failures=0 checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { checks=$((checks + 1)); }

hamburg="/vsizip/$(realpath ../shared/dem/N53E009.hgt.zip)/N53E009.hgt"
tile() {  # tile BUCKET CODE LAT LON COLUMNS ROWS SOURCE: laid out as published, half a cell west and north of the whole degrees
  local name="Copernicus_DSM_COG_$2_N$3_00_E$4_00_DEM"
  mkdir -p "$1/$name"
  local extent
  extent=$(python3 -c "w, s, c, r = $((10#$4)), $((10#$3)), $5, $6; hx, hy = 0.5 / c, 0.5 / r; print(w - hx, s + hy, w + 1 - hx, s + 1 + hy)")
  gdalwarp -q -overwrite -of COG -ot Float32 -r bilinear -te $extent -ts "$5" "$6" "$7" "$1/$name/$name.tif"
  echo "$name" >> "$1/tileList.txt"
}
b30="$work/buckets/copernicus-dem-30m" b90="$work/buckets/copernicus-dem-90m"
mkdir -p "$b30" "$b90"
tile "$b30" 10 53 009 2400 3600 "$hamburg"
tile "$b90" 30 53 009 800 1200 "$hamburg"
tile "$b90" 30 53 008 800 1200 data/etopo5.tif
tile "$b90" 30 54 009 800 1200 data/etopo5.tif
bucket_tile() { echo "$1/Copernicus_DSM_COG_$2_DEM/Copernicus_DSM_COG_$2_DEM.tif"; }  # bucket_tile BUCKET 30_N53_00_E009_00

serve() {  # serve ROOT [OPTIONS…]: starts a range server, sets $port
  local root=$1; shift
  rm -f "$work/port"
  python3 scripts/copernicus/range_server.py "$root" "$work/port" "$@" & servers+=($!)
  for _ in $(seq 1 100); do [ -f "$work/port" ] && break; sleep 0.05; done
  port=$(cat "$work/port")
}
serve "$work/buckets"; good=$port
endpoint="http://127.0.0.1:$good/{bucket}"
area=8.6,53.6,9.4,53.9

# 1. Fetched tiles answer as the same tiles given by hand.
vrt=$("$geoq" dem fetch --bbox $area --resolution 90 --endpoint "$endpoint" -o "$work/fetched" 2> "$work/fetch.err") || fail "fetch: $(cat "$work/fetch.err")"
grep -q "Copernicus DEM: © DLR" "$work/fetch.err" && pass || fail "the attribution is printed"
mkdir -p "$work/by-hand"
gdalbuildvrt -q -resolution highest "$work/by-hand/$(basename "$vrt")" "$b90"/*N53*/*.tif
for question in "flood point --lat 53.75 --lon 9.2 --format json" "flood point --lat 53.8 --lon 8.7 --format json" \
                "flood --rise 2 --bbox 8.7,53.65,9.3,53.85 --format json --limit 3"; do
  fetched=$("$geoq" $question --dem "$vrt" 2>/dev/null) || fail "$question on the fetched VRT"
  by_hand=$("$geoq" $question --dem "$work/by-hand/$(basename "$vrt")" 2>/dev/null)
  [ "$fetched" = "$by_hand" ] && [ -n "$fetched" ] && pass || fail "$question: fetched and by-hand tiles answer differently"
done
grep -q '"model" : "copernicus-90' <<< "$fetched" && pass || fail "answers name the fetched model: $fetched"

# 2. Read in place (--remote): the same answers.
remote=$("$geoq" dem fetch --bbox $area --resolution 90 --endpoint "$endpoint" -o "$work/remote" --remote 2>/dev/null)
grep -q "/vsicurl/http://127.0.0.1:$good/copernicus-dem-90m/" "$remote" && pass || fail "--remote: the VRT reads the tiles in place"
[ "$("$geoq" flood point --lat 53.75 --lon 9.2 --format json --dem "$remote" 2>/dev/null | grep -v '"model"')" = \
  "$("$geoq" flood point --lat 53.75 --lon 9.2 --format json --dem "$vrt" 2>/dev/null | grep -v '"model"')" ] && pass || fail "--remote answers differently"

# 3. GLO-30: N53E009 has 2400 columns (50–60° N); N53E008 has no public GLO-30 tile, GLO-90 answers.
"$geoq" dem fetch --bbox $area --endpoint "$endpoint" -o "$work/glo30" > /dev/null 2> "$work/glo30.err" || fail "GLO-30 fetch: $(cat "$work/glo30.err")"
gdalinfo "$work/glo30/Copernicus_DSM_COG_10_N53_00_E009_00_DEM.tif" | grep -q "Size is 2400, 3600" && pass || fail "GLO-30 N53E009 is 2400 × 3600"
grep -q "Copernicus_DSM_COG_10_N53_00_E008_00_DEM: no public GLO-30 tile; GLO-90 answers there" "$work/glo30.err" && pass || fail "the GLO-90 fallback is said"

# 4. Open sea, ±180° and a pole are not errors.
out=$("$geoq" dem fetch --bbox 8.1,54.1,8.4,54.4 --resolution 90 --endpoint "$endpoint" -o "$work/sea" 2>&1 >/dev/null) && grep -q "open sea" <<< "$out" && pass || fail "a sea tile: $out"
"$geoq" dem fetch --bbox 179.5,-17,-179.5,-16 --resolution 90 --endpoint "$endpoint" -o "$work/fiji" > /dev/null 2>&1 && pass || fail "a box across ±180°"
"$geoq" dem fetch --bbox -10,89.5,10,90 --max-tiles 30 --resolution 90 --endpoint "$endpoint" -o "$work/pole" > /dev/null 2>&1 && pass || fail "a box at the pole"

# 5. Bad input: one line, exit 1, nothing half-written.
one_line() {  # [STATUS=N] one_line EXPECTED-FRAGMENT FOLDER COMMAND…  (exit status N, 1 unless given)
  local expected=$1 folder=$2 want=${STATUS:-1}; shift 2
  local status=0 err
  err=$("$@" 2>&1 >/dev/null) || status=$?
  [ $status -eq "$want" ] && [ "$(grep -v "^geoq: Copernicus DEM" <<< "$err" | wc -l)" -eq 1 ] && grep -q -- "$expected" <<< "$err" && pass || fail "$* → status $status: $err"
  if [ -n "$folder" ] && [ -d "$folder" ]; then
    left=$(find "$folder" -name '*.tif' -o -name '*.part' | head -3)
    [ -z "$left" ] && pass || fail "$*: left $left"
  fi
}
one_line "needs 121 Copernicus tiles; expected at most 16" "" "$geoq" dem fetch --bbox 0,0,10,10 --endpoint "$endpoint" -o "$work/many"
one_line "http://127.0.0.1:1/copernicus-dem-90m/tileList.txt: cannot be reached" "" "$geoq" dem fetch --bbox $area --resolution 90 --endpoint "http://127.0.0.1:1/{bucket}" -o "$work/unreachable"
STATUS=1 one_line "--place: no place matches" "" "$geoq" dem fetch --place qqqzzzxq --resolution 90 --endpoint "$endpoint"
mkdir -p "$work/bad/copernicus-dem-90m/Copernicus_DSM_COG_30_N53_00_E009_00_DEM"
echo "Copernicus_DSM_COG_30_N53_00_E009_00_DEM" > "$work/bad/copernicus-dem-90m/tileList.txt"
head -c 50000 /dev/urandom > "$work/bad/copernicus-dem-90m/Copernicus_DSM_COG_30_N53_00_E009_00_DEM/Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif"
serve "$work/bad"
one_line "is not a GeoTIFF" "$work/not-tiff" "$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "http://127.0.0.1:$port/{bucket}" -o "$work/not-tiff"
serve "$work/buckets" --truncate Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif
one_line "arrived truncated" "$work/torn" "$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "http://127.0.0.1:$port/{bucket}" -o "$work/torn"
if [ "$(id -u)" = 0 ] && mkdir -p "$work/full" && mount -t tmpfs -o size=64k tmpfs "$work/full" 2>/dev/null; then
  one_line "space" "$work/full" "$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "$endpoint" -o "$work/full"
  umount "$work/full"
else
  echo "skipped: a full disk (needs root to mount a small tmpfs)"
fi

# 6. An interrupted download resumes where it stopped, and the tile is the bucket's, byte for byte.
serve "$work/buckets" --throttle 200000
"$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "http://127.0.0.1:$port/{bucket}" -o "$work/resume" > /dev/null 2>&1 &
fetcher=$!
partial() { { ls -d "$1"/.Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif.*part 2>/dev/null || true; } | head -1; }  # partial FOLDER
part=""
for _ in $(seq 1 100); do part=$(partial "$work/resume"); [ -n "$part" ] && [ "$(stat -c %s "$part")" -gt 100000 ] && break; sleep 0.1; done
kill -9 $fetcher; wait $fetcher 2>/dev/null || true
[ -s "$part" ] && pass || fail "a killed download leaves its .part to resume from"
was=$(stat -c %s "$part" 2>/dev/null || echo 0)
"$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "$endpoint" -o "$work/resume" > /dev/null 2>&1 || fail "the resumed fetch"
cmp -s "$work/resume/Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif" "$b90/Copernicus_DSM_COG_30_N53_00_E009_00_DEM/Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif" \
  && [ ! -e "$part" ] && [ "$was" -gt 0 ] && pass || fail "the resumed tile equals the bucket's ($was bytes were kept)"

# 7. The stack entry: each point from the tile holding it, fetched on first use, nested with
#    0.25° of the GLO-90 tiles around it (docs/elevation-stack.md), as the same cells joined by
#    hand answer: the tile, over the neighbours warped to its grid by the nearest cell, 0 m where
#    no tile is published (every byte of the answer but the cell centre's last digits; the VRT
#    is named as the tile, and the source names the tile). The base is ETOPO5 at a quarter of its cells,
#    which loads faster than the whole.
base="$work/base.tif"
gdal_translate -q -outsize 25% 25% data/etopo5.tif "$base"
joined_by_hand() {  # joined_by_hand OUT TILE NEIGHBOUR...: a VRT at OUT
  local out=$1 tile=$2; shift 2
  local box
  box=$(gdalinfo -json "$tile" | python3 -c "
import json, math, sys
info = json.load(sys.stdin); t = info['geoTransform']; w, h = info['size']
mc, mr = math.ceil(0.25 / t[1] - 1e-6), math.ceil(0.25 / -t[5] - 1e-6)
nodata = info['bands'][0].get('noDataValue')
print(repr(t[0] - mc * t[1]), repr(t[3] + (h + mr) * t[5]), repr(t[0] + (w + mc) * t[1]), repr(t[3] - mr * t[5]), w + 2 * mc, h + 2 * mr,
      'none' if nodata is None else repr(nodata))")
  set -- $box "$@"
  local te="$1 $2 $3 $4" size="$5 $6" nodata=()
  [ "$7" != none ] && nodata=(-vrtnodata "$7")
  shift 7
  gdalwarp -q -overwrite -r near -ot Float32 -te $te -ts $size -dstnodata None "$@" "$out.context.tif"
  gdalbuildvrt -q -overwrite -te $te "${nodata[@]}" "$out" "$out.context.tif" "$tile"
}
same_answer() {  # same_answer LAT LON ENTRY TILE NEIGHBOUR...: the entry's answer is the tile's, joined by hand with its neighbours
  local entry by_hand lat=$1 lon=$2 entry_name=$3 tile=$4; shift 4
  # Named as the tile, for the vertical error geoq knows of the product by its name.
  local joined="$work/joined/$(basename "$tile")"
  mkdir -p "$work/joined"
  joined_by_hand "$joined" "$tile" "$@"
  entry=$("$geoq" flood point --lat "$lat" --lon "$lon" --format json --dem "$base" --dem "$entry_name" 2> "$work/entry.err") || fail "--dem $entry_name at $lat,$lon: $(cat "$work/entry.err")"
  by_hand=$("$geoq" flood point --lat "$lat" --lon "$lon" --format json --dem "$base" --dem "$joined" 2>/dev/null)
  drop() { grep -v -E '"(cellLatitude|cellLongitude)"'; }
  [ -n "$entry" ] && [ "$(drop <<< "$entry")" = "$(drop <<< "$by_hand")" ] && grep -q "\"model\" : \"$(basename "$tile")\"" <<< "$entry" \
    && pass || fail "--dem $entry_name at $lat,$lon answers otherwise than $(basename "$tile") joined by hand: $entry $by_hand"
}
n53e008=$(bucket_tile "$b90" 30_N53_00_E008_00) n53e009=$(bucket_tile "$b90" 30_N53_00_E009_00) n54e009=$(bucket_tile "$b90" 30_N54_00_E009_00)
same_answer 53.75 9.2 "copernicus:90@$endpoint" "$n53e009" "$n53e008" "$n54e009"
same_answer 53.75 9.2 "copernicus:30@$endpoint" "$(bucket_tile "$b30" 10_N53_00_E009_00)" "$n53e008" "$n54e009"
same_answer 53.8 8.7 "copernicus:30@$endpoint" "$n53e008" "$n53e009" "$n54e009"   # no public GLO-30 tile: GLO-90's
sea=$("$geoq" flood point --lat 54.5 --lon 8.5 --format json --dem "$base" --dem "copernicus:90@$endpoint" 2>&1)
grep -q '"elevationM" : 0,' <<< "$sea" && grep -q '"model" : "Copernicus_DSM_COG_30_N54_00_E008_00_DEM (no tile: open sea, 0 m)"' <<< "$sea" \
  && pass || fail "a point where no tile exists is sea at 0 m: $sea"

# 8. The disk cache keeps the most recently used tiles that fit: with room for all but one byte
#    of three tiles, asking in N53E009, N53E008, N53E009 again, then N54E009 removes N53E008.
#    (A server of its own: an endpoint's tiles have a folder of their own.)
serve "$work/buckets"
size() { stat -c %s "$(bucket_tile "$b90" "30_$1_00")"; }
limit=$(( $(size N53_00_E009) + $(size N53_00_E008) + $(size N54_00_E009) - 1 ))
kept="$work/cache/geoq/copernicus/on-demand/127.0.0.1_${port}__bucket_/glo90"
for point in "53.5 9.5" "53.5 8.5" "53.6 9.6" "54.5 9.5"; do
  set -- $point
  GEOQ_COPERNICUS_CACHE_SIZE=$limit "$geoq" flood point --lat "$1" --lon "$2" --dem "$base" --dem "copernicus:90@http://127.0.0.1:$port/{bucket}" > /dev/null 2>&1 \
    || fail "the point $1,$2 through the cache"
done
[ -f "$kept/Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif" ] && [ -f "$kept/Copernicus_DSM_COG_30_N54_00_E009_00_DEM.tif" ] \
  && [ ! -e "$kept/Copernicus_DSM_COG_30_N53_00_E008_00_DEM.tif" ] && pass || fail "the least recently used tile, N53E008, goes: $(ls "$kept" 2>&1 | tr '\n' ' ')"

# 9. An entry whose endpoint cannot be reached (offline): the models loaded at start answer, as
#    they do without the entry (the same JSON, keys in the same order, but for the answer's notes,
#    which say so), and geoq says so once on standard error, naming the network and what answered.
same_but_notes() {  # same_but_notes OFFLINE FILES_ONLY: equal without OFFLINE's notes, which are the one line
  python3 -c '
import json, sys
offline, files = (json.load(open(path)) for path in sys.argv[1:3])
notes = offline.pop("notes", None)
model = files["source"]["model"]
line = "the Copernicus DEM could not be reached; answered from " + model + ", "
ok = json.dumps(offline) == json.dumps(files) and "notes" not in files and isinstance(notes, list) and len(notes) == 1 \
    and notes[0].startswith(line) and notes[0].endswith(" cells")
sys.exit(0 if ok else 1)' "$1" "$2"
}
"$geoq" flood point --lat 53.75 --lon 9.2 --dem "$base" --format json 2>/dev/null >"$work/files-only.json"
offline_err=$("$geoq" flood point --lat 53.75 --lon 9.2 --dem "$base" --dem "copernicus:90@http://127.0.0.1:1/{bucket}" --format json 2>&1 >"$work/offline.json") \
  && same_but_notes "$work/offline.json" "$work/files-only.json" \
  && [ "$(grep -c "could not be reached" <<<"$offline_err")" -eq 1 ] \
  && grep -qx "geoq: the Copernicus DEM could not be reached; answering from the models loaded at start" <<<"$offline_err" \
  && pass || fail "offline: $offline_err $(cat "$work/offline.json")"

# 10. An area too large to nest in memory (here: more than 1 MiB) gets a tiled index, printed to
#     ask with --index, which answers as the same index built by hand.
index=$("$geoq" dem fetch --bbox $area --resolution 90 --endpoint "$endpoint" -o "$work/large" --memory-limit 1M 2> "$work/large.err") || fail "a large area: $(cat "$work/large.err")"
grep -q "building a tiled index" "$work/large.err" && [ "$index" = "$work/large/$(basename "$vrt" .vrt).index.tif" ] && pass || fail "a large area's tiled index: $index"
mkdir -p "$work/by-hand-index"   # the same file name, so that the answers' sources match too
"$geoq" index build --tiled --dem "$work/large/$(basename "$vrt")" -o "$work/by-hand-index/$(basename "$index")" > /dev/null 2>&1
for point in "--lat 53.62 --lon 8.9"; do
  large=$("$geoq" flood point $point --format json --index "$index" --dem "$work/large/$(basename "$vrt")" 2>/dev/null)
  [ -n "$large" ] && [ "$large" = "$("$geoq" flood point $point --format json --index "$work/by-hand-index/$(basename "$index")" --dem "$work/large/$(basename "$vrt")" 2>/dev/null)" ] \
    && pass || fail "the large area's index answers $point otherwise than the index built by hand: $large"
done

tile53=Copernicus_DSM_COG_30_N53_00_E009_00_DEM
interrupted_fetch() {  # interrupted_fetch FOLDER PORT: a download killed after 100 kB, its partial file in $part
  "$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "http://127.0.0.1:$2/{bucket}" -o "$1" > /dev/null 2>&1 &
  local fetcher=$!
  part=""
  for _ in $(seq 1 150); do part=$(partial "$1"); [ -n "$part" ] && [ "$(stat -c %s "$part")" -gt 100000 ] && break; sleep 0.1; done
  kill -9 $fetcher; wait $fetcher 2>/dev/null || true
}

# 11. A tile list cut short in transit is refused and not kept; the whole one is read next time.
serve "$work/buckets" --truncate tileList.txt
cut_endpoint="http://127.0.0.1:$port/{bucket}"
cut_err=$("$geoq" flood point --lat 53.75 --lon 9.2 --dem "$base" --dem "copernicus:90@$cut_endpoint" --format json 2>&1 >"$work/cut.json") \
  && grep -q "bytes announced" <<< "$cut_err" && grep -q '"model" : "base.tif"' "$work/cut.json" \
  && pass || fail "a cut tile list: the loaded models answer and say why: $cut_err"
[ -z "$(find "$work/cache" -path "*127.0.0.1_${port}_*" -name tileList.txt)" ] && pass || fail "a cut tile list is not kept"

# 12. A download interrupted in one version of a tile and resumed against another (the same key
#     and size, re-released) is started again: the kept tile is the new version, byte for byte.
# Two versions of the same size: uncompressed, of the same grid, from different sources.
mkdir -p "$work/versions/copernicus-dem-90m/$tile53"
cp "$b90/tileList.txt" "$work/versions/copernicus-dem-90m/"
v90="$work/versions/copernicus-dem-90m/$tile53/$tile53.tif"
version() { gdal_translate -q -of GTiff -co COMPRESS=NONE -co TILED=YES -scale 0 100 0 "$1" "$(bucket_tile "$b90" 30_N53_00_E009_00)" "$2"; }
version 100 "$v90"
version 150 "$work/new-version.tif"
[ "$(stat -c %s "$v90")" = "$(stat -c %s "$work/new-version.tif")" ] && ! cmp -s "$v90" "$work/new-version.tif" && pass || fail "two versions of one size"
serve "$work/versions" --throttle 200000 --etag
interrupted_fetch "$work/versioned" "$port"
[ -n "$part" ] && pass || fail "a killed download leaves a partial file"
sleep 1.1   # a new modification time: a new ETag
cp "$work/new-version.tif" "$v90"
serve "$work/versions" --etag
"$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "http://127.0.0.1:$port/{bucket}" -o "$work/versioned" > /dev/null 2> "$work/versioned.err"
cmp -s "$work/versioned/$tile53.tif" "$v90" && pass || fail "a resumed download of a re-released tile mixes versions: $(cat "$work/versioned.err")"

# 13. Links and FIFOs planted in the cache or the output folder are never followed or opened.
head -c 4000000 /dev/urandom > "$work/victim"
cp "$work/victim" "$work/victim.orig"
serve "$work/buckets" --throttle 200000; slow=$port
interrupted_fetch "$work/planted" "$slow"
rm -f "$part"; ln -s "$work/victim" "$part"
timeout 120 "$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "$endpoint" -o "$work/planted" > /dev/null 2>&1 || fail "a fetch over a planted link"
cmp -s "$work/victim" "$work/victim.orig" && pass || fail "a link at the partial download's name: its target was written"
cmp -s "$work/planted/$tile53.tif" "$(bucket_tile "$b90" 30_N53_00_E009_00)" && pass || fail "the tile after a planted link"
interrupted_fetch "$work/fifo" "$slow"
rm -f "$part"; mkfifo "$part"
timeout 120 "$geoq" dem fetch --bbox 9.2,53.6,9.4,53.9 --resolution 90 --endpoint "$endpoint" -o "$work/fifo" > /dev/null 2>&1 && pass || fail "a FIFO at the partial download's name (exit $?: 124 is a hang)"
serve "$work/buckets"
listed="$work/cache/geoq/copernicus/on-demand/127.0.0.1_${port}__bucket_/glo90"
mkdir -p "$listed"; ln -s "$work/victim" "$listed/tileList.txt"
timeout 120 "$geoq" flood point --lat 53.75 --lon 9.2 --dem "$base" --dem "copernicus:90@http://127.0.0.1:$port/{bucket}" > /dev/null 2>&1 || fail "a point with a planted tile list link"
cmp -s "$work/victim" "$work/victim.orig" && pass || fail "a link at tileList.txt: its target was written"
serve "$work/buckets"
listed="$work/cache/geoq/copernicus/on-demand/127.0.0.1_${port}__bucket_/glo90"
mkdir -p "$listed"; mkfifo "$listed/tileList.txt"
timeout 120 "$geoq" flood point --lat 53.75 --lon 9.2 --dem "$base" --dem "copernicus:90@http://127.0.0.1:$port/{bucket}" > /dev/null 2>&1 \
  && pass || fail "a FIFO at tileList.txt (exit $?: 124 is a hang)"

# 14. An endpoint that was down answers as soon as it is up: the service does not remember the
#     failure (GDAL's cache of it is dropped). While it is down the loaded models answer (200).
. scripts/serve-background.sh
free_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/down"
start_geoq "$geoq" "$work/down" --dem "$base" --dem "copernicus:90@http://127.0.0.1:$free_port/{bucket}" || fail "serve with an endpoint that is down"
down=$(curl -s "$url/v1/flood/point?lat=53.75&lon=9.2")
grep -q '"model" : "base.tif"' <<< "$down" && pass || fail "a point while the endpoint is down: $down"
serve "$work/buckets" --port "$free_port"
answer=""
for _ in $(seq 1 40); do
  answer=$(curl -s "$url/v1/flood/point?lat=53.75&lon=9.2")
  grep -q '"model" : "Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif"' <<< "$answer" && break
  sleep 0.5
done
grep -q '"model" : "Copernicus_DSM_COG_30_N53_00_E009_00_DEM.tif"' <<< "$answer" && pass || fail "20 s after the endpoint came up, a point is still not answered from its tile: $answer"
kill $server; wait $server 2>/dev/null || true

# 15. A download at 2 kB/s holds nothing else: maps, tiles and points the loaded models answer
#     come at once while two points wait for it, and the service stops within its grace period.
serve "$work/buckets" --throttle 2000
mkdir -p "$work/slow"
start_geoq "$geoq" "$work/slow" --dem "$base" --dem "copernicus:90@http://127.0.0.1:$port/{bucket}" || fail "serve with a slow endpoint"
curl -s -o /dev/null --max-time 60 "$url/v1/flood/point?lat=53.75&lon=9.2" & waiting1=$!
curl -s -o /dev/null --max-time 60 "$url/v1/flood/point?lat=53.5&lon=8.5" & waiting2=$!
sleep 2
for question in "/v1/tiles/5/16/10.png?rise=2" "/v1/flood?rise=2&format=png&width=256&height=128" "/v1/complete?q=ham"; do
  took=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' --max-time 30 "$url$question")
  awk -v t="${took#* }" 'BEGIN { exit !(t < 10) }' && [ "${took% *}" = 200 ] && pass || fail "$question while a download is slow: $took"
done
started=$(date +%s)
kill -TERM $server; wait $server 2>/dev/null || true
stopped=$(( $(date +%s) - started ))
[ "$stopped" -le 30 ] && pass || fail "the service took $stopped s to stop (grace period 30 s)"
wait $waiting1 $waiting2 2>/dev/null || true

echo "copernicus: $checks passed, $failures failed"
[ $failures -eq 0 ]
