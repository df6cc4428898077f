#!/usr/bin/env bash
# Runs each argument (a shell command) at once, each into its own log, and prints every log whole
# as its command ends, headed by the command and how long it took: `make test` runs its script
# tests this way, as most of their time is spent waiting (a browser, a local cluster, servers
# starting). Exits 1 when any command failed, naming each.
# Usage: scripts/run-parallel.sh 'bash scripts/a.sh' 'bash scripts/b.sh' …
set -uo pipefail
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A names started
for index in $(seq 1 $#); do
  command=${!index}
  ( eval "$command" ) > "$logs/$index.log" 2>&1 &
  names[$!]=$command
  started[$!]=$SECONDS
done
failed=()
while [ ${#names[@]} -gt 0 ]; do
  wait -n -p finished; status=$?
  [ -n "${finished:-}" ] || break
  echo "== $(printf '%s' "${names[$finished]}") ($((SECONDS - started[$finished])) s$([ $status = 0 ] || echo ", FAILED with status $status"))"
  for index in $(seq 1 $#); do [ "${!index}" = "${names[$finished]}" ] && cat "$logs/$index.log"; done
  [ $status = 0 ] || failed+=("${names[$finished]}")
  unset "names[$finished]"
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
