#!/usr/bin/env bash
# Times what issue 38 asks of a newcomer: a fresh clone's `make run` to its first answers.
# Clones this checkout's HEAD into a temporary folder, runs `make run` there with an empty cache
# (XDG_CACHE_HOME in that folder) on $PORT (default 18080), and prints the seconds from the start
# to the first answer of GET /v1/flood?rise=1 and then of GET /v1/complete?q=hamburg (the
# service loads every index before it listens, so the two come together).
# It refuses to start when a package `make run` needs is missing: `make run` would install it
# with apt-get as root, which this measurement must not do. Measure on a quiet machine: the
# figure is mostly compile time, which other builds beside it stretch.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
port=${PORT:-18080}
packages=$(sed -n 's/^APT_RUN *:= *//p' "$repo/Makefile")
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || { echo "time-first-answer: $p is not installed; make deps first" >&2; exit 1; }
done
work=$(mktemp -d)
pid=""
trap 'set +e; [ -n "$pid" ] && kill -- -"$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
git clone -q "$repo" "$work/geoq"
ms() { echo $(( ($(date +%s%N) - start) / 1000000 )); }
start=$(date +%s%N)
set -m
( cd "$work/geoq" && exec env XDG_CACHE_HOME="$work/cache" make run PORT="$port" ) > "$work/run.log" 2>&1 &
pid=$!
set +m
first() {
  until curl -sf "http://127.0.0.1:$port$1" -o /dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/run.log" >&2; echo "time-first-answer: make run stopped" >&2; exit 1; }
    sleep 0.5
  done
  local t; t=$(ms)
  echo "$1 first answered after $(( t / 1000 )).$(( t % 1000 / 100 )) s"
}
first "/v1/flood?rise=1"
first "/v1/complete?q=hamburg"
grep -E "^geoq: |building geoq" "$work/run.log" || true
