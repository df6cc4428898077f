"""`geoq-dask build`: the command line of the Dask driver."""
from __future__ import annotations

import argparse
import json
import os
import sys

from . import driver, stages


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="geoq-dask", description="Builds geoq's tiled spill index on a Dask cluster.")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "build", help="build a tiled spill index on a Dask cluster",
        description="Maps geoq's stage commands over the tiles on a Dask cluster. Every path (--dem, --work, -o) "
                    "is read and written by the workers: it must mean the same file on every worker.")
    build.add_argument("--dem", required=True, help="the elevation model (any path GDAL reads on the workers)")
    build.add_argument("--tile-size", required=True, help="tile size in cells, N or WxH")
    cluster = build.add_mutually_exclusive_group(required=True)
    cluster.add_argument("--scheduler", help="address of a running Dask scheduler, e.g. tcp://host:8786")
    cluster.add_argument("--local-workers", type=int, metavar="K", help="start a local cluster of K worker processes")
    build.add_argument("-o", "--output", required=True, help="the index to write (a GeoTIFF)")
    build.add_argument("--work", help="the work folder, shared by every worker (default: OUTPUT.work)")
    build.add_argument("--geoq", default=os.environ.get("GEOQ", "geoq"),
                       help="the geoq binary on the workers: a path, or a name on their PATH (default: $GEOQ or geoq)")
    build.add_argument("--connectivity", choices=["4", "8"])
    build.add_argument("--nodata", choices=["ocean", "land"])
    build.add_argument("--seed", action="append", default=[], metavar="LAT,LON")
    build.add_argument("--retries", type=int, default=3, help="times a failed task is retried (default 3)")
    build.add_argument("--connect-timeout", type=float, default=10, metavar="SECONDS",
                       help="how long to try reaching the scheduler (default 10)")
    return parser


def _stage_options(args) -> list[str]:
    options = []
    if args.connectivity:
        options += ["--connectivity", args.connectivity]
    if args.nodata:
        options += ["--nodata", args.nodata]
    for seed in args.seed:
        options += ["--seed", seed]
    return options


def _fail(message: str, status: int = 1) -> int:
    print(f"geoq-dask: {message}", file=sys.stderr)
    return status


def _usage_problem(args) -> str | None:
    """What is wrong with the options themselves (exit status 2), before any cluster is asked."""
    if args.local_workers is not None and args.local_workers < 1:
        return f"--local-workers: expected at least 1 worker, got {args.local_workers}"
    if args.retries < 0:
        return f"--retries: expected 0 or more, got {args.retries}"
    # NaN compares false with everything: `not (x > 0)` refuses it where `x <= 0` would not.
    if not (0 < args.connect_timeout < float("inf")):
        return f"--connect-timeout: expected a number of seconds above 0, got {args.connect_timeout:g}"
    return None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if problem := _usage_problem(args):
        return _fail(problem, status=2)
    from distributed import Client, LocalCluster
    from distributed.comm.core import CommClosedError
    from distributed.scheduler import KilledWorker

    binary, dem, work, output = args.geoq, args.dem, args.work or args.output + ".work", args.output
    # The binary this host has under that name (the workers' own are checked once they run):
    # one that is there but is not geoq is a mistake in --geoq, named before any cluster starts.
    local = stages.geoq_version(binary)
    if local["path"] is not None and local["error"]:
        return _fail(f"--geoq {binary}: {local['error']}", status=2)
    cluster = None
    if args.local_workers is not None:
        # The workers are this host's processes: paths relative to here mean the same to them.
        binary = stages.resolve_binary(binary) or binary
        if not dem.startswith("/vsi"):
            dem = os.path.abspath(dem)
        work, output = os.path.abspath(work), os.path.abspath(output)
        cluster = LocalCluster(n_workers=args.local_workers, threads_per_worker=1, processes=True,
                               dashboard_address="127.0.0.1:0")
        client = Client(cluster)
    else:
        try:
            client = Client(args.scheduler, timeout=args.connect_timeout)
        except (OSError, TimeoutError) as error:
            return _fail(f"cannot reach the Dask scheduler at {args.scheduler} within {args.connect_timeout:g} s "
                         f"({error}); start one with `dask scheduler` there, or use --local-workers K")
        except ValueError as error:
            return _fail(f"--scheduler {args.scheduler!r}: {error}")
    try:
        print(f"dashboard: {client.dashboard_link}", file=sys.stderr)
        client.register_plugin(stages.QuietStageFailures())
        report = driver.build(client, binary=binary, dem=dem, tile_size=args.tile_size, work=work, output=output,
                              options=_stage_options(args), retries=args.retries,
                              expected_version=local["version"])
    except driver.SetupError as error:
        return _fail(str(error))
    except stages.StageFailed as error:
        return _fail(str(error))
    except KilledWorker as error:
        return _fail(f"a task kept killing its workers ({error}); see the workers' logs (out of memory?)")
    except (CommClosedError, OSError) as error:
        return _fail(f"lost the Dask scheduler at {client.scheduler.address}: {error}")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(json.dumps(report.summary(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
