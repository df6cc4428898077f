#!/usr/bin/env bash
# Region framing: geoq's RegionFramer beside a NumPy implementation of the same rules
# (scripts/peers/region_numpy.py), on the same 1,000,000 seeded points, each timed in process
# (median of 9 runs). Two point sets:
#   clustered  pins around three cities (half across ±180°) and 100 bad geocodes: the usual case
#   global     points all over the globe: one longitude run closes the whole circle
#   country    points over the contiguous United States and 100 bad geocodes: the recipe frames a
#              sliver, the adaptive rule the country
# The default (adaptive) rule and the seed's recipe (locator) are each framed by both. Fails if geoq
# and NumPy frame different regions, if geoq takes 150 ms or more, or if the adaptive rule takes more
# than twice the recipe's time.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/geoq-bench-region
[ -x "$bench" ] || swift build -c release --static-swift-stdlib --product geoq-bench-region >/dev/null
points_file=$(mktemp)
trap 'rm -f "$points_file"' EXIT
value() { awk -v key="$1" '$1 == key { print $2 }' <<<"$2"; }
status=0

for scenario in clustered global country; do
  geoq_out=$("$bench" --scenario "$scenario" --points 1000000 --runs 9 --write-points "$points_file")
  numpy_out=$(python3 scripts/peers/region_numpy.py "$points_file" --runs 9 --mode adaptive)
  numpy_locator_out=$(python3 scripts/peers/region_numpy.py "$points_file" --runs 9 --mode locator)
  geoq_ms=$(value geoq_ms "$geoq_out")
  locator_ms=$(value geoq_locator_ms "$geoq_out")
  sorting_ms=$(value geoq_sorting_ms "$geoq_out")
  numpy_ms=$(value numpy_ms "$numpy_out")
  numpy_locator_ms=$(value numpy_ms "$numpy_locator_out")

  printf 'region framing, 1,000,000 %s points (median of 9):\n' "$scenario"
  printf '  geoq, adaptive (default)  %8.1f ms   (target < 150 ms, and within 2x the recipe)\n' "$geoq_ms"
  printf '  NumPy, adaptive           %8.1f ms\n' "$numpy_ms"
  awk -v n="$numpy_ms" -v g="$geoq_ms" 'BEGIN { printf "  ratio                     %8.1fx   (NumPy time / geoq time)\n", n / g }'
  printf '  geoq, locator (recipe)    %8.1f ms\n' "$locator_ms"
  printf '  geoq, locator, sorting    %8.1f ms   (radix sort instead of buckets: same region)\n' "$sorting_ms"
  printf '  NumPy, locator            %8.1f ms\n' "$numpy_locator_ms"
  awk -v a="$geoq_ms" -v l="$locator_ms" 'BEGIN { printf "  adaptive / locator        %8.2fx   (target <= 2x)\n", a / l }'

  for rule in region locator_region; do
    geoq_region=$(grep "^$rule " <<<"$geoq_out")
    if [ "$rule" = region ]; then numpy_region=$(grep '^region ' <<<"$numpy_out"); else numpy_region=$(grep '^region ' <<<"$numpy_locator_out"); fi
    if [ "${geoq_region#* }" != "${numpy_region#* }" ]; then
      printf '  MISMATCH (%s)\n    geoq:  %s\n    NumPy: %s\n' "$rule" "$geoq_region" "$numpy_region" >&2
      status=1
    else
      printf '  same %-20s %s\n' "${rule/_region/}" "${geoq_region#* }"
    fi
  done
  if ! awk -v g="$geoq_ms" 'BEGIN { exit !(g < 150) }'; then
    echo "  over the 150 ms target" >&2
    status=1
  fi
  if ! awk -v a="$geoq_ms" -v l="$locator_ms" 'BEGIN { exit !(a <= 2 * l) }'; then
    echo "  the adaptive rule takes more than twice the recipe's time" >&2
    status=1
  fi
done

# Reading a GeoJSON point file: geoq's reader (PointSetParser over JSONReader) beside Foundation's
# JSONSerialization and JSONDecoder on the same bytes (median of 5; geoq must read back exactly
# the coordinates written, the peers' points read otherwise are counted). The figure in
# JSONReader's doc comment comes from here.
file_out=$("$bench" --point-file 200000 --runs 5)
geoq_ms=$(value point_file_geoq_ms "$file_out")
serialization_ms=$(value point_file_jsonserialization_ms "$file_out")
decoder_ms=$(value point_file_jsondecoder_ms "$file_out")
printf 'GeoJSON point file, 200,000 points, %s bytes (median of 5):\n' "$(value point_file_bytes "$file_out")"
printf '  geoq (JSONReader)        %8.1f ms\n' "$geoq_ms"
printf '  JSONSerialization        %8.1f ms   (%.1fx geoq; %s points read otherwise than written)\n' "$serialization_ms" \
  "$(awk -v a="$serialization_ms" -v b="$geoq_ms" 'BEGIN { print a / b }')" "$(value point_file_jsonserialization_differing "$file_out")"
printf '  JSONDecoder              %8.1f ms   (%.1fx geoq; %s points read otherwise than written)\n' "$decoder_ms" \
  "$(awk -v a="$decoder_ms" -v b="$geoq_ms" 'BEGIN { print a / b }')" "$(value point_file_jsondecoder_differing "$file_out")"
exit $status
