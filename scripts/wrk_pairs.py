"""Two builds of `geoq serve` running at once, measured by wrk in interleaved rounds: for each
list of request paths, each round runs wrk against one build and then the other (the order
alternating), and the figures reported are each build's median over the rounds. Drift in the
machine's state (another process, the page cache, the clock) falls on both builds alike.
Prints one JSON object: per build its resident memory after the load, per route the medians.
Used by scripts/bench-coastline.sh."""
import argparse, json, os, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(__file__))
from serve_ready import resident_mib, start  # noqa: E402


def wrk(port, paths, seconds):
    lua = os.path.join(os.path.dirname(__file__), "peers", "wrk-paths.lua")
    run = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "-s", lua, f"http://127.0.0.1:{port}"],
                         env={**os.environ, "WRK_PATHS": paths}, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"wrk against port {port} with {paths} ended with {run.returncode}:\n{run.stdout}{run.stderr}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", nargs=3, action="append", metavar=("LABEL", "BINARY", "FOLDER"), required=True)
    parser.add_argument("--cache-root", required=True, help="each build's cache folder is CACHE_ROOT/cache-LABEL")
    parser.add_argument("--paths", action="append", default=[])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--wrk-seconds", type=int, default=5)
    parser.add_argument("--serve-option", action="append", default=[])
    args = parser.parse_args()
    servers = {}
    try:
        for label, binary, folder in args.build:
            environment = {key: value for key, value in os.environ.items() if not key.startswith("GEOQ_")}
            environment["XDG_CACHE_HOME"] = os.path.join(args.cache_root, f"cache-{label}")
            log = tempfile.NamedTemporaryFile(prefix=f"geoq-{label}-", suffix=".log", delete=False)
            options = argparse.Namespace(binary=binary, folder=folder, serve_option=args.serve_option)
            process, port, _ = start(options, environment, log)
            servers[label] = (process, port)
        labels = [label for label, _, _ in args.build]
        result = {"builds": {}, "routes": []}
        for paths in args.paths:
            for label in labels:  # warm-up: the first requests page the indexes in
                wrk(servers[label][1], paths, 2)
            runs = {label: [] for label in labels}
            for round in range(args.rounds):
                for label in (labels if round % 2 == 0 else labels[::-1]):
                    runs[label].append(wrk(servers[label][1], paths, args.wrk_seconds))
            route = {"paths": os.path.basename(paths)}
            for label in labels:
                route[label] = {q: statistics.median(run[q] for run in runs[label]) for q in ("p50_ms", "p99_ms", "requests_per_second")}
                route[label]["errors"] = sum(run["non_2xx"] + run["socket_errors"] for run in runs[label])
                route[label]["rounds"] = [{q: run[q] for q in ("p50_ms", "p99_ms")} for run in runs[label]]
            result["routes"].append(route)
        for label in labels:
            result["builds"][label] = {"rss_after_mib": resident_mib(servers[label][0].pid)}
        json.dump(result, sys.stdout)
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait()


if __name__ == "__main__":
    main()
