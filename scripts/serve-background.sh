# Sourced by the scripts that test or load the service: starts `geoq serve` on a free loopback
# port and sets $server (its pid) and $url once it listens. Usage: start_geoq BINARY FOLDER [SERVE OPTION…]
start_geoq() {
  local geoq=$1 folder=$2
  shift 2
  # Emptied here, not by the redirection below: that one happens in the started process, and a
  # loaded machine can let the loop below read the previous start's address before it does.
  : > "$folder/server.log"
  # make test's scripts start from the embedded data's cache entries one geoq built before them
  # ($GEOQ_TEST_SEED_CACHE, a cache folder's geoq/): each first start would otherwise build them
  # again, about 18 s of processor time, beside the others on the same cores. A start with a
  # folder of its own, a benchmark's among them, builds its own.
  if [ -n "${GEOQ_TEST_SEED_CACHE:-}" ] && [ ! -e "$folder/cache" ]; then
    seed_cache "$GEOQ_TEST_SEED_CACHE" "$folder/cache/geoq"
  fi
  # The default stack's on-demand entry at a refused loopback port, unless one is given: the
  # scripts' answers never depend on this machine's network (docs/elevation-stack.md).
  GEOQ_ON_DEMAND="${GEOQ_ON_DEMAND:-copernicus:30@http://127.0.0.1:1/{bucket\}}" XDG_CACHE_HOME="$folder/cache" "$geoq" serve --host 127.0.0.1 --port 0 "$@" >> "$folder/server.log" 2>&1 &
  server=$!
  url=""
  # A first start builds the spill index (with today's coastline) and the place index: on a
  # loaded 2-core machine, with the other test scripts beside it, over a minute.
  for _ in $(seq 1 1200); do
    url=$(grep -o 'serving on http://127.0.0.1:[0-9]*' "$folder/server.log" | head -1 | sed 's/^serving on //' || true)
    [ -n "$url" ] && return 0
    kill -0 "$server" 2>/dev/null || break
    sleep 0.2
  done
  cat "$folder/server.log" >&2
  echo "geoq serve did not start" >&2
  return 1
}

# For test scripts: builds the debug geoq if needed (or uses $GEOQ), starts it in a temporary
# folder $work, and on exit stops it and removes the folder.
start_test_geoq() {
  geoq=${GEOQ:-.build/debug/geoq}
  [ -x "$geoq" ] || swift build --product geoq
  work=$(mktemp -d)
  trap 'set +e; kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
  start_geoq "$geoq" "$work"
}

# seed_cache FROM TO: copies the cache entries in FROM to the new folder TO; the completion
# index (200 MB) is linked, as geoq never writes an entry in place (it renames a new file over it).
seed_cache() {
  mkdir -p "$2"
  local entry
  for entry in "$1"/*.bin; do
    [ -f "$entry" ] || continue
    case "$(basename "$entry")" in
      places-*) ln "$entry" "$2/" ;;
      *) cp "$entry" "$2/" ;;
    esac
  done
}
