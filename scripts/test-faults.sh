#!/usr/bin/env bash
# Faults `make test` provokes on purpose (issue 15), against the debug geoq on the embedded data:
#   1. kill -9 during an index build, at several moments, then the same build again: it must
#      succeed, leave no temporary file, and answer as a build without any cache does;
#   2. a full and a read-only cache folder (small tmpfs mounts; root only, skipped otherwise):
#      index build exits 1 naming why, flood answers anyway with a notice;
#   3. SIGTERM while a client has stopped reading a large answer: the service exits within its
#      grace period (status 1, saying so), and a second signal stops it at once;
#   4. request bodies that trickle in on every connection (--max-connections 8): each gets a 408
#      once --idle-timeout has passed since its head, and /healthz is answered meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
geoq=${GEOQ:-.build/debug/geoq}
[ -x "$geoq" ] || swift build --product geoq
dem=data/etopo5.tif
work=$(mktemp -d)
mounted=()
server=""
cleanup() {
  set +e
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null
  for folder in "${mounted[@]}"; do umount "$folder" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
pass() { echo "  ok: $*"; }
fail() { echo "  FAILED: $*" >&2; failures=$((failures + 1)); }

# The embedded data's completion index, built once and linked into each cache folder below: a
# geoq that lists flooded places builds it (4 s of processor time) where it finds none, and the
# faults here are the spill index's and the service's. geoq never writes a cache entry in place.
XDG_CACHE_HOME="$work/seed" "$geoq" complete a > /dev/null
seed_completion_index() { mkdir -p "$1" && ln "$work"/seed/geoq/places-*.bin "$1"/; }

echo "== kill -9 during an index build, then build again"
expected=$("$geoq" flood --rise 10 --dem "$dem" --no-cache --format json)
for delay in 0.05 0.3 1 store; do
  cache="$work/kill-$delay"
  seed_completion_index "$cache"
  "$geoq" index build --dem "$dem" --cache-dir "$cache" > /dev/null 2>&1 &
  builder=$!
  if [ "$delay" = store ]; then
    # Wait for the cache file's temporary copy to appear, and kill the writer then.
    for _ in $(seq 1 4000); do
      compgen -G "$cache/.spill-*.tmp" > /dev/null && break
      kill -0 "$builder" 2>/dev/null || break
      sleep 0.005
    done
  else
    sleep "$delay"
  fi
  kill -9 "$builder" 2>/dev/null || true
  wait "$builder" 2>/dev/null || true
  left=$(ls -A "$cache" | { grep -v '^places-' || true; } | tr '\n' ' ')
  rerun=$("$geoq" index build --dem "$dem" --cache-dir "$cache" 2>&1) || { fail "killed at $delay: the build again failed: $rerun"; continue; }
  temporary=$(compgen -G "$cache/.spill-*.tmp" || true)
  answer=$("$geoq" flood --rise 10 --dem "$dem" --cache-dir "$cache" --format json 2>/dev/null)
  if [ -z "$temporary" ] && [ "$answer" = "$expected" ]; then
    pass "killed at $delay (left: ${left:-nothing}); built again, no temporary file left, same answer as without a cache"
  else
    fail "killed at $delay: temporary files [$temporary], answer matches: $([ "$answer" = "$expected" ] && echo yes || echo no)"
  fi
done

echo "== a full and a read-only cache folder"
if [ "$(id -u)" != 0 ]; then
  echo "  skipped: mounting a small tmpfs needs root (run make test as root to include this part)"
elif ! mkdir -p "$work/full" "$work/ro" || ! mount -t tmpfs -o size=1m tmpfs "$work/full" 2>/dev/null; then
  echo "  skipped: this machine does not allow mounting a tmpfs here"
else
  mounted+=("$work/full")
  head -c 1000000 /dev/zero > "$work/full/filler" 2>/dev/null || true
  status=0; message=$("$geoq" index build --dem "$dem" --cache-dir "$work/full" 2>&1 >/dev/null) || status=$?
  if [ "$status" = 1 ] && grep -q "No space left on device" <<< "$message" && [ -z "$(compgen -G "$work/full/.spill-*.tmp" || true)" ]; then
    pass "full: index build exits 1: $(tail -1 <<< "$message")"
  else
    fail "full: index build exited $status: $message"
  fi
  status=0; answer=$("$geoq" flood --rise 10 --dem "$dem" --cache-dir "$work/full" --format json 2>"$work/notice") || status=$?
  if [ "$status" = 0 ] && [ "$answer" = "$expected" ] && grep -q "could not cache" "$work/notice"; then
    pass "full: flood answers anyway, with a notice"
  else
    fail "full: flood exited $status: $(cat "$work/notice")"
  fi
  if mount -t tmpfs -o size=1m,ro tmpfs "$work/ro" 2>/dev/null; then
    mounted+=("$work/ro")
    status=0; message=$("$geoq" index build --dem "$dem" --cache-dir "$work/ro" 2>&1 >/dev/null) || status=$?
    if [ "$status" = 1 ] && grep -q "Read-only file system" <<< "$message"; then
      pass "read-only: index build exits 1: $message"
    else
      fail "read-only: index build exited $status: $message"
    fi
  else
    echo "  skipped: a read-only tmpfs cannot be mounted here"
  fi
fi

echo "== SIGTERM while a client has stopped reading"
source scripts/serve-background.sh
seed_completion_index "$work/cache/geoq"
stalled_shutdown() {  # stalled_shutdown GRACE SECOND_SIGNAL_AFTER: prints "status seconds"
  start_geoq "$geoq" "$work" --grace-period "$1"
  rm -f "$work/signalled"
  python3 - "$url" "$server" "$2" "$work/signalled" <<'PY' &
import os, signal, socket, sys, time, urllib.parse
url, server, second, signalled = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
try:
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect((url.hostname, url.port))
    client.sendall(b"GET /v1/flood?rise=10&format=png&width=4096&height=4096 HTTP/1.1\r\nHost: x\r\n\r\n")
    client.recv(100)      # the answer has begun; nothing more is read
except OSError as error:  # the check fails (status 137) instead of waiting for a signal never sent
    print(f"the stalled client could not ask {sys.argv[1]}: {error}", file=sys.stderr)
    with open(signalled, "w") as out:
        out.write(f"{time.time()}\n")
    os.kill(server, signal.SIGKILL)
    sys.exit(1)
os.kill(server, signal.SIGTERM)
with open(signalled, "w") as out:
    out.write(f"{time.time()}\n")
if second != "none":
    time.sleep(float(second))
    with open(signalled, "w") as out:
        out.write(f"{time.time()}\n")
    os.kill(server, signal.SIGINT)
time.sleep(120)           # holds the connection open until killed
PY
  client=$!
  local status=0
  wait "$server" || status=$?
  # Seconds from the last signal sent to the service's exit.
  echo "$status $(python3 -c "import sys, time; print(f'{time.time() - float(open(sys.argv[1]).read()):.1f}')" "$work/signalled")"
  server=""
  kill "$client" 2>/dev/null; wait "$client" 2>/dev/null || true
}
read -r status seconds < <(stalled_shutdown 3 none)
if [ "$status" = 1 ] && python3 -c "import sys; sys.exit(0 if 2.9 <= float(sys.argv[1]) < 3 + 2 else 1)" "$seconds" \
   && grep -q "grace period is over" "$work/server.log"; then
  pass "exited $status after ${seconds} s with a grace period of 3 s: $(grep "grace period is over" "$work/server.log")"
else
  fail "SIGTERM with a stalled client: status $status after ${seconds} s; $(tail -3 "$work/server.log")"
fi
read -r status seconds < <(stalled_shutdown 60 0.5)
if [ "$status" = 1 ] && python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 1 else 1)" "$seconds"; then
  pass "a second signal stopped it at once (${seconds} s after it, grace period 60 s)"
else
  fail "second signal: status $status after ${seconds} s; $(tail -3 "$work/server.log")"
fi

echo "== request bodies that trickle in on every connection"
start_geoq "$geoq" "$work" --max-connections 8 --idle-timeout 5
# 8 clients each announce a body of 100,000 bytes and send 1 byte every 2 s, which restarts the
# idle timeout each time; a 9th asks for /healthz. Prints each answer's first line and its time.
trickle=$(python3 - "$url" <<'PY'
import select, socket, sys, time, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
start = time.time()
clients = []
for _ in range(8):
    client = socket.create_connection((url.hostname, url.port))
    client.sendall(b"POST /v1/region HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
    clients.append(client)
time.sleep(0.2)
health = socket.create_connection((url.hostname, url.port))
health.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
answers, next_byte = {}, time.time() + 2
while len(answers) < 9 and time.time() - start < 14:
    waiting = [c for c in clients + [health] if c not in answers]
    for ready in select.select(waiting, [], [], 0.2)[0]:
        try:
            line = ready.recv(200).split(b"\r\n")[0].decode() or "closed without an answer"
        except OSError as error:
            line = f"reset without an answer ({error})"
        answers[ready] = (line, time.time() - start)
    if time.time() >= next_byte:
        for client in clients:
            if client not in answers:
                try:
                    client.send(b"1")
                except OSError:
                    pass
        next_byte += 2
for client in clients + [health]:
    line, seconds = answers.get(client, ("no answer", time.time() - start))
    print(f"{'healthz' if client is health else 'body'} {seconds:.1f} {line}")
PY
)
kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; server=""
if [ "$(grep -c '^body .* HTTP/1.1 408 ' <<< "$trickle")" = 8 ] \
   && awk '$1 == "body" && ($2 < 4.9 || $2 >= 8) { exit 1 }' <<< "$trickle" \
   && awk '$1 == "healthz" && $2 < 10 && $3 == "HTTP/1.1" && $4 == 200 { found = 1 } END { exit !found }' <<< "$trickle"; then
  pass "8 trickling bodies got 408 at $(awk '$1 == "body" { print $2 }' <<< "$trickle" | sort -n | sed -n '1p;$p' | paste -sd- -) s (--idle-timeout 5); /healthz answered at $(awk '$1 == "healthz" { print $2 }' <<< "$trickle") s"
else
  fail "trickling bodies: $(tr '\n' ';' <<< "$trickle")"
fi

[ "$failures" = 0 ] && echo "faults: all handled" || { echo "faults: $failures FAILED" >&2; exit 1; }
