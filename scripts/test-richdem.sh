#!/usr/bin/env bash
# The flood's independent reference (part of `make test`): RichDEM's FillDepressions (Barnes's
# own C++ Priority-Flood, PyPI richdem-fork) must equal geoq's spill levels cell for cell on
# three regional crops (Int16 and Float32, nodata inside, the Hamburg tile among them), each
# flooded alone from its border; scripts/peers/richdem_reference.py says how nodata is mapped.
# RichDEM is installed once into .build/richdem-venv. Without PyPI (and no venv from an earlier
# run) this fails, saying so: a reference that is not there must not pass as one that agreed.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/richdem-venv
geoq=${GEOQ:-.build/debug/geoq}
[ -x "$geoq" ] || { echo "richdem test FAILED: no $geoq (make test builds it first)" >&2; exit 1; }
if [ ! -f "$venv/.installed" ]; then
  rm -rf "$venv"
  ${PYTHON:-python3} -m venv "$venv"
  if ! "$venv/bin/pip" install -q --disable-pip-version-check richdem-fork==3.0.0 numpy > "$venv/pip.log" 2>&1; then
    echo "richdem test FAILED: could not install richdem-fork 3.0.0 from PyPI into $venv (offline, or no wheel for" \
         "this Python): $(grep -m1 -iE 'error|could not' "$venv/pip.log" || tail -1 "$venv/pip.log")" >&2
    exit 1
  fi
  touch "$venv/.installed"
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$venv/bin/python" scripts/peers/richdem_reference.py "$geoq" "$work"
