# Sourced by the benchmarks that set geoq beside an earlier commit of itself.
# build_baseline REV: the release geoq of REV's sources as committed, built once into
# .build/baseline-REV; sets $then_dir to that folder. Also builds today's release geoq ($now).
build_baseline() {
  now=$PWD/.build/release/geoq
  [ -x "$now" ] || swift build -c release --static-swift-stdlib --product geoq >/dev/null
  then_dir=$PWD/.build/baseline-$1
  if [ ! -x "$then_dir/.build/release/geoq" ]; then
    echo "building geoq at $1 in $then_dir (once)"
    rm -rf "$then_dir" && mkdir -p "$then_dir"
    git archive "$1" | tar -x -C "$then_dir"
    (cd "$then_dir" && swift build -c release --static-swift-stdlib --product geoq >/dev/null)
  fi
}
