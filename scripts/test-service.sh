#!/usr/bin/env bash
# Runs schemathesis against a live `geoq serve` with the committed openapi.yaml: every
# operation, bounded examples; fails on any 5xx or any response that does not match the spec.
# `positive_data_acceptance` is left out: OpenAPI 3.0 cannot state the cross-parameter rules
# (south < north, a tile index below 2^z, a body with at least one point), so schema-valid
# requests that break them rightly get 400.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import schemathesis" 2>/dev/null || pip install -q schemathesis
source scripts/serve-background.sh
start_test_geoq
echo "schemathesis against $url"
# Bounded, not timed: beside the other test scripts on 2 cores the fuzzing phase alone has taken
# over 200 s (91 s on a quiet machine).
timeout 600 schemathesis run openapi.yaml --url "$url" --checks all --exclude-checks positive_data_acceptance \
  --max-examples "${SCHEMATHESIS_EXAMPLES:-200}" --workers 1 --seed 1 --no-color --warnings off

# Graceful shutdown: a request in flight when SIGTERM arrives still gets its whole answer, even
# one larger than the socket buffers that the client reads slowly (a 4096×4096 world map of
# several MB at 2 MB/s): connections close only once their answers are written.
curl -s --limit-rate 2M -o "$work/big.png" -w "%{http_code}" "$url/v1/flood?rise=10&format=png&width=4096&height=4096" > "$work/status" &
fetch=$!
# SIGTERM only once the service has logged the request, so it is surely in flight.
for _ in $(seq 1 100); do
  grep -q "width=4096&height=4096" "$work/server.log" && break
  sleep 0.1
done
kill -TERM "$server"
server_status=0; wait "$server" || server_status=$?
wait "$fetch" || true
size=$(stat -c %s "$work/big.png" 2>/dev/null || echo 0)
if [ "$(cat "$work/status")" = 200 ] && [ "$server_status" = 0 ] && [ "$size" -gt 4000000 ] && python3 -c "import sys; d=open(sys.argv[1],'rb').read(); sys.exit(0 if d[:8]==b'\x89PNG\r\n\x1a\n' and d[-8:-4]==b'IEND' else 1)" "$work/big.png"; then
  echo "graceful shutdown: the request in flight finished (200, whole PNG of $size bytes read at 2 MB/s), server exited 0"
else
  echo "graceful shutdown FAILED: request status $(cat "$work/status"), $size bytes, server exit $server_status" >&2
  exit 1
fi
