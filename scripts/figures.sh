#!/usr/bin/env bash
# make figures: the figures of today's coastline beside published ones (scripts/figures_coast.py),
# from the release build serving the embedded data on a loopback port.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/serve-background.sh
work=$(mktemp -d)
trap 'set +e; kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/cache"
cp -r "${XDG_CACHE_HOME:-$HOME/.cache}/geoq" "$work/cache/" 2>/dev/null || true
start_geoq .build/release/geoq "$work"
python3 scripts/figures_coast.py "$url" data/places.tsv.gz
