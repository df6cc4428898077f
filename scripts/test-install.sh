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
for f in bin/geoq share/geoq/data/etopo5.tif share/geoq/data/N53E009.hgt share/geoq/data/places.tsv.gz share/geoq/web/index.html share/geoq/openapi.yaml; do
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
echo "install test passed: $prefix/bin/geoq ($installed bytes, stripped from $built) flood --rise 2 from $elsewhere reads $prefix/share/geoq"
