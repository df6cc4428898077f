#!/usr/bin/env bash
# `make bench`: every capability's benchmark, each beside its peer in the same run.
# Expects `swift build -c release --static-swift-stdlib` to have run (the Makefile does it).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for suite in scripts/bench-*.sh; do
  echo "== ${suite#scripts/bench-}"
  bash "$suite" || status=1
  echo
done
exit $status
