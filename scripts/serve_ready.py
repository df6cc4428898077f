"""Starts `geoq serve` several times with warm caches and reports, as one JSON object, the
median time from the process's start to its first /healthz answer, its resident memory once
ready, and wrk's figures per list of request paths (then the memory after that load).
Used by scripts/bench-coastline.sh, which runs it for two builds of geoq."""
import argparse, json, os, re, socket, statistics, subprocess, sys, time


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def healthy(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return connection.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def start(args, environment, log):
    """Starts the server; returns (process, port, seconds to the first /healthz answer)."""
    started = time.monotonic()
    process = subprocess.Popen([args.binary, "serve", "--host", "127.0.0.1", "--port", "0", *args.serve_option],
                               cwd=args.folder, env=environment, stdout=log, stderr=subprocess.STDOUT)
    port = None
    while time.monotonic() - started < 900:
        if process.poll() is not None:
            sys.exit(f"geoq serve exited with {process.returncode}; see {log.name}")
        if port is None:
            found = re.search(rb"http://127\.0\.0\.1:(\d+)", open(log.name, "rb").read())
            port = int(found.group(1)) if found else None
        if port is not None and healthy(port):
            return process, port, time.monotonic() - started
        time.sleep(0.005)
    sys.exit("geoq serve did not become ready within 900 s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--folder", required=True, help="working folder: its data/ is the embedded data")
    parser.add_argument("--cache", required=True)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--wrk-seconds", type=int, default=15)
    parser.add_argument("--paths", action="append", default=[])
    parser.add_argument("--serve-option", action="append", default=[])
    args = parser.parse_args()
    environment = {key: value for key, value in os.environ.items() if not key.startswith("GEOQ_")}
    environment["XDG_CACHE_HOME"] = args.cache
    log = open(os.path.join(args.cache + ".log"), "w+b")
    # The first start builds the caches; it is not timed.
    process, _, _ = start(args, environment, log)
    process.terminate(); process.wait()
    ready = []
    for _ in range(args.starts):
        log.seek(0); log.truncate()
        process, port, seconds = start(args, environment, log)
        ready.append(seconds)
        process.terminate(); process.wait()
    log.seek(0); log.truncate()
    process, port, _ = start(args, environment, log)
    time.sleep(1)
    result = {"ready_s": statistics.median(ready), "ready_all_s": ready, "rss_ready_mib": resident_mib(process.pid), "routes": []}
    lua = os.path.join(os.path.dirname(__file__), "peers", "wrk-paths.lua")
    for paths in args.paths:
        run = subprocess.run(["wrk", "-t2", "-c16", f"-d{args.wrk_seconds}s", "-s", lua, f"http://127.0.0.1:{port}"],
                             env={**os.environ, "WRK_PATHS": paths}, capture_output=True, text=True, check=True)
        figures = json.loads(run.stdout.strip().splitlines()[-1])
        result["routes"].append({"paths": os.path.basename(paths), "p50_ms": figures["p50_ms"], "p99_ms": figures["p99_ms"],
                                 "requests_per_second": figures["requests_per_second"],
                                 "errors": figures["non_2xx"] + figures["socket_errors"]})
    result["rss_after_mib"] = resident_mib(process.pid)
    process.terminate(); process.wait()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
