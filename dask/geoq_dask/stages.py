"""The tasks that run on the workers: each runs one geoq stage command as a subprocess.

Every stage command runs with `--json-errors`: a failure is one JSON object on its standard
error, `{"kind": ..., "message": ..., "run": ..., "tile": ...}`. A stage that finds its
prerequisite missing (a tile not filled, tiles not linked, a tile not finished) reports the kind
`missing-prerequisite` with the stage to `run` first (and its `tile`); the task returns that as
`missing` instead of raising, so the driver can run the prerequisite and try again rather than
retrying a deterministic failure. Any other failure raises `StageFailed`, which Dask retries
(`retries=`).
"""
from __future__ import annotations

import json
import logging
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from distributed import WorkerPlugin


class StageFailed(RuntimeError):
    """A geoq stage command failed on a worker for a reason other than a missing prerequisite."""


def _not_a_stage_failure(record: logging.LogRecord) -> bool:
    """False for a worker's "Compute Failed" report of a `StageFailed` (a logging filter)."""
    if not str(record.msg).startswith("Compute Failed"):
        return True
    return not any("StageFailed(" in str(argument) for argument in record.args or ())


class QuietStageFailures(WorkerPlugin):
    """On every worker, those that join later too: leave `StageFailed` to the driver, which
    names it in one line, instead of also logging the task's traceback there. Other failures
    are still logged. Registering it again, or adding the filter twice, changes nothing."""

    name = "geoq-quiet-stage-failures"

    def setup(self, worker) -> None:
        logging.getLogger("distributed.worker").addFilter(_not_a_stage_failure)


def stage_failure(stderr: str) -> dict | None:
    """The failure a stage command run with `--json-errors` reported: the JSON object on the last
    line of its standard error, or None when there is none (not geoq, or it died)."""
    lines = stderr.strip().splitlines()
    if not lines or not lines[-1].startswith("{"):
        return None
    try:
        failure = json.loads(lines[-1])
    except ValueError:
        return None
    return failure if isinstance(failure, dict) and isinstance(failure.get("kind"), str) else None


def missing_prerequisite(stderr: str) -> tuple[str, int | None] | None:
    """The stage (and tile) a stage command's failure says must run first, or None."""
    failure = stage_failure(stderr)
    if failure is None or failure["kind"] != "missing-prerequisite":
        return None
    return (failure["run"], failure.get("tile"))


def path_of(binary: str) -> str:
    """The binary's path on this host when found, else its name as given."""
    return resolve_binary(binary) or binary


def resolve_binary(binary: str) -> str | None:
    """The geoq binary's absolute path on this host, or None when there is none."""
    found = shutil.which(binary)
    return os.path.abspath(found) if found else None


def _run(binary: str, args: list[str], stage: str, tile: int | None) -> dict:
    path = resolve_binary(binary)
    if path is None:
        raise StageFailed(f"{socket.gethostname()}: no geoq binary {binary!r} (not found or not executable)")
    started = time.perf_counter()
    # wait4 rather than subprocess.run: the child's own CPU time, which the projection of
    # docs/scale.md uses because it does not depend on how busy the host is.
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen([path, *args, "--json-errors"], stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = returncode = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        stdout, stderr = out.read(), err.read()
    seconds = time.perf_counter() - started
    result = {"stage": stage, "tile": tile, "seconds": seconds, "cpuSeconds": usage.ru_utime + usage.ru_stime,
              "host": socket.gethostname(), "pid": os.getpid(), "stdout": stdout, "missing": None}
    if returncode != 0:
        failure = stage_failure(stderr)
        message = failure["message"] if failure else stderr.strip() or f"exit status {returncode}"
        missing = missing_prerequisite(stderr)
        if missing is None:
            raise StageFailed(f"{socket.gethostname()}: geoq {' '.join(args)} failed: {message}")
        result["missing"] = missing
        result["message"] = message
    return result


def plan(binary: str, dem: str, tile_size: str, work: str, options: list[str]) -> dict:
    """`geoq index plan`: returns its figures and the tile layout from the plan it wrote."""
    result = _run(binary, ["index", "plan", "--dem", dem, "--tile-size", tile_size, "--work", work, *options],
                  "plan", None)
    try:
        result["figures"] = json.loads(result["stdout"])
        layout = json.loads(Path(work, "plan.json").read_text())["layout"]
    except (ValueError, KeyError, TypeError, OSError) as error:
        raise StageFailed(f"{socket.gethostname()}: {path_of(binary)} index plan exited 0 but wrote no plan "
                          f"({error}); is --geoq {binary} the geoq binary?") from None
    result["layout"] = {key: layout[key] for key in ("gridWidth", "gridHeight", "tileWidth", "tileHeight")}
    return result


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def fill_tile(binary: str, work: str, tile: int) -> dict:
    """`geoq index fill-tile`: stage 1 of one tile."""
    result = _run(binary, ["index", "fill-tile", "--work", work, "--tile", str(tile)], "fill-tile", tile)
    name = f"tile-{tile:06d}"
    result["graphBytes"] = _size(Path(work, "fill", name + ".graph"))
    result["cellsBytes"] = _size(Path(work, "fill", name + ".cells"))
    return result


def link(binary: str, work: str) -> dict:
    """`geoq index link`: stage 2, the merge; returns the bytes it read (every tile's graph)."""
    result = _run(binary, ["index", "link", "--work", work], "link", None)
    result["inputBytes"] = sum(_size(path) for path in Path(work, "fill").glob("tile-*.graph"))
    result["outputBytes"] = _size(Path(work, "link.bin")) + sum(_size(path) for path in Path(work, "link").glob("tile-*.levels"))
    return result


def finish_tile(binary: str, work: str, tile: int) -> dict:
    """`geoq index finish-tile`: stage 3 of one tile."""
    return _run(binary, ["index", "finish-tile", "--work", work, "--tile", str(tile)], "finish-tile", tile)


def assemble(binary: str, work: str, output: str) -> dict:
    """`geoq index assemble`: the COG and its curves from the finished tiles."""
    return _run(binary, ["index", "assemble", "--work", work, "-o", output], "assemble", None)


# Checks run on every worker at start (Client.run).

def geoq_version(binary: str) -> dict:
    """This worker's geoq: its path and `geoq --version`, or why there is none."""
    path = resolve_binary(binary)
    if path is None:
        return {"host": socket.gethostname(), "path": None, "version": None,
                "error": f"no geoq binary {binary!r} (not found or not executable)"}
    try:
        process = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return {"host": socket.gethostname(), "path": path, "version": None, "error": f"{path} --version: {error}"}
    if process.returncode != 0:
        return {"host": socket.gethostname(), "path": path, "version": None,
                "error": f"{path} --version exited {process.returncode}: {process.stderr.strip()}"}
    version = process.stdout.strip()
    if not _VERSION.fullmatch(version):
        shown = repr(version.splitlines()[0][:60]) if version else "nothing"
        return {"host": socket.gethostname(), "path": path, "version": None,
                "error": f"{path} is not geoq: --version printed {shown}, expected a version such as 1.2.0"}
    return {"host": socket.gethostname(), "path": path, "version": version, "error": None}


# What `geoq --version` prints: a semantic version, perhaps with a pre-release or build suffix.
_VERSION = re.compile(r"\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.+-]*)?")


PROBE_NAME = ".geoq-dask-shared-probe"


def write_probe(work: str) -> dict:
    """Creates the work folder and writes a random token into it, for the other workers to read."""
    folder = Path(work)
    token = uuid.uuid4().hex
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f"{PROBE_NAME}.{token}.tmp"
        temporary.write_text(token)
        os.replace(temporary, folder / PROBE_NAME)
    except OSError as error:
        raise StageFailed(f"{socket.gethostname()}: cannot write to the work folder {work}: {error.strerror or error}")
    return {"token": token, "host": socket.gethostname(), "path": str(folder.resolve())}


def read_probe(work: str) -> str | None:
    """The token in the work folder's probe as this worker sees it, or None."""
    try:
        return Path(work, PROBE_NAME).read_text()
    except OSError:
        return None


def remove_probe(work: str) -> None:
    Path(work, PROBE_NAME).unlink(missing_ok=True)
