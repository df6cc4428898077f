"""Runs a tiled build on a Dask cluster: checks the workers, plans, maps fill-tile over the tiles,
links once, maps finish-tile, and assembles. A stage that reports a missing prerequisite gets it
run (a tile refilled, the link redone) and is tried again."""
from __future__ import annotations

import sys
import time
import uuid
from dataclasses import dataclass, field
from typing import Callable

from distributed import Client, as_completed

from . import stages, traffic


class SetupError(RuntimeError):
    """The cluster cannot run this build (no binary, another version, an unshared folder...)."""


@dataclass
class StageTimes:
    """What one stage took: its wall time and each task's own time."""
    wall: float = 0.0
    tasks: list[float] = field(default_factory=list)
    cpu: float = 0.0


@dataclass
class BuildReport:
    index: str
    tiles: int
    cells: int
    width: int
    height: int
    workers: int
    tile_width: int = 0
    tile_height: int = 0
    stages: dict[str, StageTimes] = field(default_factory=dict)
    redone: list[str] = field(default_factory=list)
    merge_input_bytes: int = 0
    link_output_bytes: int = 0
    fill_bytes: int = 0
    scheduler_bytes: dict | None = None

    def summary(self) -> dict:
        return {
            "index": self.index, "tiles": self.tiles, "cells": self.cells, "width": self.width,
            "height": self.height, "workers": self.workers,
            "tileWidth": self.tile_width, "tileHeight": self.tile_height,
            "stages": {name: {"seconds": round(times.wall, 3), "taskSeconds": round(sum(times.tasks), 3),
                              "taskCpuSeconds": round(times.cpu, 3),
                              "tasks": len(times.tasks)} for name, times in self.stages.items()},
            "redone": self.redone,
            "mergeInputBytes": self.merge_input_bytes, "linkOutputBytes": self.link_output_bytes,
            "fillBytes": self.fill_bytes, "schedulerBytes": self.scheduler_bytes,
        }


class Progress:
    """Tiles done per stage and cells per second, on stderr: a live line on a terminal, and one
    line per stage when done."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.live = stream.isatty()

    def update(self, stage: str, done: int, total: int, cells: int, seconds: float) -> None:
        if self.live:
            rate = cells / seconds if seconds > 0 else 0
            self.stream.write(f"\r{stage}: {done}/{total} tiles, {rate / 1e6:.1f} M cells/s   ")
            self.stream.flush()

    def finished(self, stage: str, total: int, cells: int, seconds: float) -> None:
        rate = cells / seconds if seconds > 0 else 0
        prefix = "\r" if self.live else ""
        self.stream.write(f"{prefix}{stage}: {total}/{total} tiles in {seconds:.1f} s, {rate / 1e6:.1f} M cells/s   \n")
        self.stream.flush()

    def note(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()


def local_version(binary: str) -> str | None:
    """`geoq --version` of the binary on the driver's host, when it has one that is geoq."""
    return stages.geoq_version(binary)["version"]


def check_workers(client: Client, binary: str, expected_version: str | None) -> int:
    """Every worker has the geoq binary, all of one version (the driver's when it has one).
    Returns the number of workers."""
    found = client.run(stages.geoq_version, binary)
    if not found:
        raise SetupError("the Dask cluster has no workers; start some with `dask worker SCHEDULER_ADDRESS`")
    problems = [f"worker {address} ({info['host']}): {info['error']}" for address, info in sorted(found.items())
                if info["error"]]
    if problems:
        raise SetupError("a worker cannot run geoq; install the geoq binary (and GDAL) on every worker, "
                         "or pass --geoq with its path there:\n  " + "\n  ".join(problems))
    versions = {info["version"] for info in found.values()}
    expected = expected_version or next(iter(versions))
    differing = [f"worker {address} ({info['host']}) runs {info['path']}: {info['version']!r}"
                 for address, info in sorted(found.items()) if info["version"] != expected]
    if differing:
        origin = "this host's geoq" if expected_version else "the other workers"
        raise SetupError(f"the workers' geoq differs from {origin} ({expected!r}); install one version "
                         "everywhere:\n  " + "\n  ".join(differing))
    return len(found)


def check_shared_folder(client: Client, work: str) -> None:
    """Every worker sees the work folder that one of them wrote to, at the same path."""
    written = client.submit(stages.write_probe, work, pure=False).result()
    seen = client.run(stages.read_probe, work)
    client.submit(stages.remove_probe, work, pure=False).result()
    blind = sorted(address for address, token in seen.items() if token != written["token"])
    if blind:
        raise SetupError(f"the work folder {work} is not shared between the workers: a file written there on "
                         f"{written['host']} is not seen by worker(s) {', '.join(blind)}; put the work folder on "
                         "a filesystem every worker mounts at the same path (--work)")


def tile_cells(layout: dict, tile: int) -> int:
    """The cells of tile `tile` (row-major tiles, the last row and column smaller; as TileLayout)."""
    across = -(-layout["gridWidth"] // layout["tileWidth"])
    row, col = (tile // across) * layout["tileHeight"], (tile % across) * layout["tileWidth"]
    return min(layout["tileWidth"], layout["gridWidth"] - col) * min(layout["tileHeight"], layout["gridHeight"] - row)


def build(client: Client, *, binary: str, dem: str, tile_size: str, work: str, output: str,
          options: list[str] | None = None, retries: int = 3, expected_version: str | None = None,
          progress: Progress | None = None,
          after_stage: Callable[[str], None] | None = None,
          on_result: Callable[[str, dict], None] | None = None) -> BuildReport:
    """Builds the tiled spill index of `dem` into `output` on `client`'s cluster.

    `after_stage(stage)` runs after each stage and `on_result(stage, result)` after each task;
    the tests use them to corrupt files and kill workers at known points."""
    progress = progress or Progress()
    run = uuid.uuid4().hex[:8]
    workers = check_workers(client, binary, expected_version)
    check_shared_folder(client, work)

    def submit(function, *args, name: str):
        # A fresh key for every submission: a redone task must run again, not reuse a result.
        return client.submit(function, *args, key=f"{name}-{run}-{uuid.uuid4().hex[:8]}", retries=retries)

    planned = submit(stages.plan, binary, dem, tile_size, work, options or [], name="plan").result()
    figures, layout = planned["figures"], planned["layout"]
    tiles = figures["tiles"]
    report = BuildReport(index=output, tiles=tiles, cells=figures["cells"], width=figures["width"],
                         height=figures["height"], workers=workers,
                         tile_width=layout["tileWidth"], tile_height=layout["tileHeight"])
    if after_stage:
        after_stage("plan")

    def redo(stage: str, tile: int | None, reason: str) -> None:
        report.redone.append(f"{stage} {tile}" if tile is not None else stage)
        progress.note(f"redoing {stage}{'' if tile is None else f' for tile {tile}'}: {reason}")
        if stage == "fill-tile":
            result = submit(stages.fill_tile, binary, work, tile, name="fill-tile").result()
        elif stage == "link":
            result = run_link()
        else:
            result = submit(stages.finish_tile, binary, work, tile, name="finish-tile").result()
        if result["missing"]:
            redo(*result["missing"], result["message"])

    def map_tiles(stage: str, function) -> None:
        times = report.stages.setdefault(stage, StageTimes())
        started = time.perf_counter()
        futures = [submit(function, binary, work, tile, name=stage) for tile in range(tiles)]
        done, cells, pending_redo = 0, 0, []
        for future in as_completed(futures):
            result = future.result()
            if on_result:
                on_result(stage, result)
            times.tasks.append(result["seconds"])
            times.cpu += result["cpuSeconds"]
            if result["missing"]:
                pending_redo.append(result)
                continue
            if stage == "fill-tile":
                report.fill_bytes += result["graphBytes"] + result["cellsBytes"]
            done += 1
            cells += tile_cells(layout, result["tile"])
            progress.update(stage, done, tiles, cells, time.perf_counter() - started)
        for result in pending_redo:
            redo(*result["missing"], result["message"])
            retried = submit(function, binary, work, result["tile"], name=stage).result()
            if retried["missing"]:
                raise stages.StageFailed(f"{stage} of tile {result['tile']} still fails after redoing "
                                         f"its prerequisite: {retried['message']}")
        times.wall = time.perf_counter() - started
        progress.finished(stage, tiles, report.cells, times.wall)
        if after_stage:
            after_stage(stage)

    def run_link() -> dict:
        # The merge: a missing or corrupt tile file is refilled and the link tried again, at most
        # once per tile (a tile that stays unfilled after its refill is an error, not a loop).
        times = report.stages.setdefault("link", StageTimes())
        started = time.perf_counter()
        for _ in range(tiles + 1):
            result = submit(stages.link, binary, work, name="link").result()
            times.tasks.append(result["seconds"])
            times.cpu += result["cpuSeconds"]
            if not result["missing"]:
                report.merge_input_bytes = result["inputBytes"]
                report.link_output_bytes = result["outputBytes"]
                times.wall += time.perf_counter() - started
                return result
            stage, tile = result["missing"]
            if stage != "fill-tile":
                raise stages.StageFailed(f"link: {result['message']}")
            redo(stage, tile, result["message"])
        raise stages.StageFailed("link kept finding unfilled tiles")

    map_tiles("fill-tile", stages.fill_tile)
    run_link()
    progress.note(f"link: {report.merge_input_bytes} bytes of tile graphs merged in "
                  f"{report.stages['link'].wall:.1f} s")
    if after_stage:
        after_stage("link")
    map_tiles("finish-tile", stages.finish_tile)

    times = report.stages.setdefault("assemble", StageTimes())
    started = time.perf_counter()
    for _ in range(tiles + 1):
        result = submit(stages.assemble, binary, work, output, name="assemble").result()
        times.tasks.append(result["seconds"])
        times.cpu += result["cpuSeconds"]
        if not result["missing"]:
            break
        redo(*result["missing"], result["message"])
    else:
        raise stages.StageFailed("assemble kept finding unfinished tiles")
    times.wall = time.perf_counter() - started
    progress.note(f"assemble: {output} in {times.wall:.1f} s")
    report.scheduler_bytes = client.run_on_scheduler(traffic.counts)
    return report
