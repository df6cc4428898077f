"""Builds on a local cluster of 2 worker processes give the monolithic index, cell for cell and
curve for curve (checked by `geoq index verify`), also when a worker dies mid-stage or a tile
file is corrupted before the merge."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from conftest import CROP_TILE_SIZE, ETOPO5, TILE_SIZE, verify
from geoq_dask import driver


def test_two_local_workers_build_the_monolithic_index(geoq, tmp_path):
    index = tmp_path / "etopo5.tif"
    process = subprocess.run(
        [sys.executable, "-m", "geoq_dask.cli", "build", "--dem", str(ETOPO5), "--tile-size", TILE_SIZE,
         "--local-workers", "2", "-o", str(index), "--geoq", geoq],
        capture_output=True, text=True, timeout=600)
    assert process.returncode == 0, process.stderr
    summary = json.loads(process.stdout)
    assert (summary["tiles"], summary["width"], summary["height"], summary["workers"]) == (15, 4320, 2161, 2)
    assert summary["redone"] == []
    assert summary["stages"]["fill-tile"]["tasks"] == 15 and summary["stages"]["finish-tile"]["tasks"] == 15
    assert "dashboard: http://127.0.0.1:" in process.stderr
    assert "fill-tile: 15/15 tiles" in process.stderr and "finish-tile: 15/15 tiles" in process.stderr
    verify(geoq, ETOPO5, index)


def test_a_corrupt_tile_file_is_detected_before_the_merge_and_redone(geoq, cluster, crop, tmp_path):
    work, index = tmp_path / "work", tmp_path / "crop-index.tif"
    graph = work / "fill" / "tile-000007.graph"
    pristine = {}

    def corrupt_after_fill(stage):
        if stage == "fill-tile":
            data = bytearray(graph.read_bytes())
            pristine["bytes"] = bytes(data)
            data[len(data) // 2] ^= 0xFF
            graph.write_bytes(bytes(data))

    report = driver.build(cluster, binary=geoq, dem=str(crop), tile_size=CROP_TILE_SIZE, work=str(work),
                          output=str(index), after_stage=corrupt_after_fill)
    assert report.redone == ["fill-tile 7"]
    assert graph.read_bytes() == pristine["bytes"]
    verify(geoq, crop, index)


def test_killing_a_worker_during_fill_and_during_finish_still_gives_the_index(geoq, crop, tmp_path):
    from distributed import Client, LocalCluster

    killed = {}

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as local, \
            Client(local) as client:
        def kill_one_worker_mid_stage(stage, result):
            if stage in killed:
                return
            busy = [address for address, keys in client.processing().items()
                    if any(str(key).startswith(stage) for key in keys)]
            if not busy:
                return
            pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
            os.kill(pid, signal.SIGKILL)
            killed[stage] = pid

        index = tmp_path / "crop-index.tif"
        report = driver.build(client, binary=geoq, dem=str(crop), tile_size=CROP_TILE_SIZE, work=str(tmp_path / "work"),
                              output=str(index), on_result=kill_one_worker_mid_stage)
        assert set(killed) == {"fill-tile", "finish-tile"}
        assert not set(killed.values()) & set(client.run(os.getpid).values())  # those processes are gone
    assert report.tiles == 8
    verify(geoq, crop, index)
