#!/usr/bin/env bash
# `make install` into an empty folder: the binary is stripped; then the installed geoq from another folder, with no
# checkout in sight: it must find its data (share/geoq/data), answer `flood --rise 2` with the
# checkout's own figures, and serve its page and OpenAPI description (share/geoq/{web,openapi.yaml}).
# Installs the debug build (CONFIGURATION=debug), which make test has built already.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
prefix=$(mktemp -d)
elsewhere=$(mktemp -d)
server=""
trap 'set +e; [ -n "$server" ] && kill $server 2>/dev/null && wait $server 2>/dev/null; rm -rf "$prefix" "$elsewhere"' EXIT
fail() { echo "install test FAILED: $*" >&2; exit 1; }

make -s install PREFIX="$prefix" CONFIGURATION="${CONFIGURATION:-debug}" > "$elsewhere/install.log" 2>&1 || { cat "$elsewhere/install.log" >&2; fail "make install PREFIX=$prefix"; }
# The binary, the page, and every file of the checkout's data folder that geoq answers from.
for f in bin/geoq share/geoq/web/index.html share/geoq/openapi.yaml $(ls data/*.tif data/*.hgt data/*.gz data/*.geojson | sed 's|^|share/geoq/|'); do
  [ -e "$prefix/$f" ] || fail "make install did not install $f"
done

# Stripped: no symbol table (readelf lists a .symtab section only in an unstripped binary), and
# smaller than the build's own.
sections=$(readelf -S --wide "$prefix/bin/geoq") || fail "readelf cannot read $prefix/bin/geoq"
! grep -q '\.symtab' <<<"$sections" || fail "make install left the symbol table in $prefix/bin/geoq"
built=$(stat -c %s ".build/${CONFIGURATION:-debug}/geoq"); installed=$(stat -c %s "$prefix/bin/geoq")
[ "$installed" -lt "$built" ] || fail "the installed binary ($installed bytes) is no smaller than the build's ($built)"

# The checkout's answer, from the checkout; then the installed binary's, from a folder with no data/.
expected=$(cd "$checkout" && XDG_CACHE_HOME="$elsewhere/cache-a" .build/${CONFIGURATION:-debug}/geoq flood --rise 2)
cd "$elsewhere"
actual=$(env -u GEOQ_DATA PATH="$prefix/bin:$PATH" XDG_CACHE_HOME="$elsewhere/cache-b" geoq flood --rise 2 2>"$elsewhere/stderr") \
  || { cat "$elsewhere/stderr" >&2; fail "geoq flood --rise 2 from $elsewhere"; }
# Its cache is empty, so it says which raster it floods: the installed one.
grep -q "$prefix/share/geoq/data/etopo5.tif" "$elsewhere/stderr" || fail "the installed geoq did not read its installed data: $(cat "$elsewhere/stderr")"
answer=$(env -u GEOQ_DATA GEOQ_ON_DEMAND='copernicus:30@http://127.0.0.1:1/{bucket}' PATH="$prefix/bin:$PATH" XDG_CACHE_HOME="$elsewhere/cache-b" geoq flood point --place hamburg --format json 2>/dev/null)
grep -q '"model" : "N53E009.hgt"' <<<"$answer" || fail "the installed stack holds the Hamburg tile: $answer"
[ "$(sed '$d' <<<"$actual")" = "$(sed '$d' <<<"$expected")" ] || fail "installed figures differ from the checkout's:
$actual
---
$expected"

# The page and the API description come from share/geoq too.
source "$checkout/scripts/serve-background.sh"
start_geoq "$prefix/bin/geoq" "$elsewhere"
# (Read whole before grep -q: with pipefail, grep leaving early would fail curl with SIGPIPE.)
page=$(curl -fsS "$url/") && grep -q "<title>geoq" <<<"$page" || fail "the installed geoq serves no page at /"
spec=$(curl -fsS "$url/openapi.yaml") && grep -q "^openapi:" <<<"$spec" || fail "the installed geoq serves no /openapi.yaml"
borders=$(curl -fsS "$url/static/borders.geojson") && grep -q '"FeatureCollection"' <<<"$borders" || fail "the installed geoq serves no /static/borders.geojson"

# One question of every kind, each from the installed data alone: "ask URL EXPECTED-TEXT".
ask() {
  local answer
  answer=$(curl -sS -w '\n%{http_code}' "${@:3}" "$url$1") || fail "the installed geoq did not answer $1"
  [ "$(tail -n1 <<<"$answer")" = 200 ] && grep -q -- "$2" <<<"$answer" || fail "the installed geoq answered $1 with: $(head -c 400 <<<"$answer")"
}
ask "/v1/flood/point?lat=53.55&lon=9.99&rise=2" '"elevationM"'                 # a point
ask "/v1/flood/point?place=hamburg&rise=2" '"Hamburg"'                         # a town
ask "/v1/flood?place=bangladesh&rise=1" '"Bangladesh"'                         # a country, from areas.geojson.gz
ask "/v1/flood?place=bangladesh&year=2100&scenario=ssp245" '"year" *: *2100'  # a year
ask "/v1/complete?q=hambu" '"Hamburg"'                                         # completion
ask "/v1/region" '"bbox"' -X POST -H 'Content-Type: text/csv' --data-binary $'lat,lon\n53.5,10\n48.1,11.6\n' # a region
curl -fsS -o "$elsewhere/tile.png" "$url/v1/tiles/3/4/2.png?rise=2" || fail "the installed geoq served no map tile at /v1/tiles/3/4/2.png"
tile=$(head -c 8 "$elsewhere/tile.png" | od -An -tx1 | tr -d ' \n')
[ "$tile" = 89504e470d0a1a0a ] || fail "the installed geoq served no PNG map tile at /v1/tiles/3/4/2.png (first bytes $tile)"
country=$(env -u GEOQ_DATA GEOQ_ON_DEMAND='copernicus:30@http://127.0.0.1:1/{bucket}' PATH="$prefix/bin:$PATH" XDG_CACHE_HOME="$elsewhere/cache-b" \
  geoq flood --place bangladesh --rise 1 2>&1) && grep -qi bangladesh <<<"$country" || fail "geoq flood --place bangladesh from the installed binary: $country"
echo "install test passed: $prefix/bin/geoq ($installed bytes, stripped from $built) flood --rise 2 from $elsewhere reads $prefix/share/geoq"
