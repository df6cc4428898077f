"""Each thing that keeps a cluster from building gets one clear message, before any stage runs."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ETOPO5, TILE_SIZE
from geoq_dask import driver, stages


def _geoq_dask(*args, cwd=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "geoq_dask.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


def test_an_unreachable_scheduler_is_named(tmp_path):
    with socket.socket() as probe:  # a port on which nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = _geoq_dask("build", "--dem", ETOPO5, "--tile-size", TILE_SIZE, "--scheduler", f"tcp://127.0.0.1:{port}",
                         "--connect-timeout", "2", "-o", tmp_path / "index.tif")
    assert process.returncode == 1
    assert f"geoq-dask: cannot reach the Dask scheduler at tcp://127.0.0.1:{port} within 2 s" in process.stderr
    assert "Traceback" not in process.stderr
    assert not (tmp_path / "index.tif.work").exists()


def test_a_worker_without_the_binary_is_named(cluster, tmp_path):
    with pytest.raises(driver.SetupError) as failure:
        driver.build(cluster, binary=str(tmp_path / "no-geoq"), dem=str(ETOPO5), tile_size=TILE_SIZE,
                     work=str(tmp_path / "work"), output=str(tmp_path / "index.tif"))
    message = str(failure.value)
    assert "a worker cannot run geoq" in message
    assert message.count(f"no geoq binary '{tmp_path / 'no-geoq'}'") == 2  # both workers named
    assert not (tmp_path / "work").exists()


def test_a_worker_with_another_geoq_version_is_named(geoq, cluster, tmp_path):
    # Another geoq build: the same binary behind a wrapper that reports another version.
    other = tmp_path / "geoq-other"
    other.write_text(f'#!/bin/sh\n[ "$1" = --version ] && {{ echo 0.0.1-other; exit 0; }}\nexec "{geoq}" "$@"\n')
    other.chmod(0o755)
    ours = driver.local_version(geoq)
    assert ours and ours != "0.0.1-other"
    with pytest.raises(driver.SetupError) as failure:
        driver.build(cluster, binary=str(other), dem=str(ETOPO5), tile_size=TILE_SIZE, work=str(tmp_path / "work"),
                     output=str(tmp_path / "index.tif"), expected_version=ours)
    assert f"the workers' geoq differs from this host's geoq ({ours!r})" in str(failure.value)
    assert "'0.0.1-other'" in str(failure.value)


def test_a_work_folder_not_shared_between_workers_is_detected(geoq, tmp_path):
    # Two workers on one host, each in its own directory: the relative work folder "work" is a
    # different folder on each, as a local disk is on two hosts.
    scheduler_file = tmp_path / "scheduler.json"
    dask = str(Path(sys.executable).with_name("dask"))
    processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address",
                                   "127.0.0.1:0", "--scheduler-file", scheduler_file],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for name in ("host-a", "host-b"):
            (tmp_path / name).mkdir()
            processes.append(subprocess.Popen(
                [dask, "worker", "--scheduler-file", scheduler_file, "--nthreads", "1", "--no-nanny",
                 "--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0"],
                cwd=tmp_path / name, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from distributed import Client
        for _ in range(300):
            if scheduler_file.exists():
                break
            time.sleep(0.1)
        with Client(scheduler_file=str(scheduler_file), timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
            address = client.scheduler.address
        process = _geoq_dask("build", "--dem", ETOPO5, "--tile-size", TILE_SIZE, "--scheduler", address,
                             "--work", "work", "-o", "index.tif", "--geoq", geoq, cwd=tmp_path)
        assert process.returncode == 1, process.stderr
        assert "geoq-dask: the work folder work is not shared between the workers" in process.stderr
        assert not (tmp_path / "host-a" / "work" / "plan.json").exists()
        assert not (tmp_path / "host-b" / "work" / "plan.json").exists()
    finally:
        # Workers first; a worker whose close hangs (as `dask worker --no-nanny` can) is killed.
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_a_work_folder_the_workers_cannot_write_is_named(geoq, cluster, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(stages.StageFailed) as failure:
        driver.build(cluster, binary=geoq, dem=str(ETOPO5), tile_size=TILE_SIZE, work=str(blocker / "work"),
                     output=str(tmp_path / "index.tif"), retries=0)
    assert f"cannot write to the work folder {blocker / 'work'}: Not a directory" in str(failure.value)


def test_a_failing_stage_is_one_line_without_the_workers_traceback(geoq, tmp_path):
    # The driver names the failure itself; the worker's own "Compute Failed" report with its
    # traceback used to print before that line.
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    process = _geoq_dask("build", "--dem", ETOPO5, "--tile-size", TILE_SIZE, "--local-workers", "1", "--geoq", geoq,
                         "--retries", "0", "--work", blocker / "work", "-o", tmp_path / "index.tif")
    assert process.returncode == 1
    lines = [line for line in process.stderr.splitlines() if not line.startswith("dashboard: ")]
    assert len(lines) == 1, process.stderr
    assert lines[0].startswith("geoq-dask: ") and f"cannot write to the work folder {blocker / 'work'}" in lines[0]
    assert not (tmp_path / "index.tif").exists()


@pytest.mark.parametrize("timeout", ["nan", "-1", "0", "inf"])
def test_a_connect_timeout_that_is_not_a_duration_is_named(timeout, tmp_path):
    process = _geoq_dask("build", "--dem", ETOPO5, "--tile-size", TILE_SIZE, "--scheduler", "tcp://127.0.0.1:9",
                         "--connect-timeout", timeout, "-o", tmp_path / "index.tif")
    assert process.returncode == 2, process.stderr
    assert process.stderr.splitlines() == [
        f"geoq-dask: --connect-timeout: expected a number of seconds above 0, got {float(timeout):g}"]
    assert not (tmp_path / "index.tif.work").exists()


def test_a_binary_that_is_not_geoq_is_named(tmp_path):
    process = _geoq_dask("build", "--dem", ETOPO5, "--tile-size", TILE_SIZE, "--local-workers", "1",
                         "--geoq", "/bin/true", "-o", tmp_path / "index.tif")
    assert process.returncode == 2, process.stderr
    lines = process.stderr.splitlines()
    assert len(lines) == 1, process.stderr  # GNU true prints its own version; others print nothing
    assert lines[0].startswith("geoq-dask: --geoq /bin/true: /bin/true is not geoq: --version printed ")
    assert lines[0].endswith(", expected a version such as 1.2.0")
    assert not (tmp_path / "index.tif.work").exists()


def test_a_worker_whose_binary_is_not_geoq_is_named(cluster, tmp_path):
    # The driver itself, as a program calls it: each worker finds a binary there that is not geoq.
    fake = tmp_path / "not-geoq"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    with pytest.raises(driver.SetupError) as failure:
        driver.build(cluster, binary=str(fake), dem=str(ETOPO5), tile_size=TILE_SIZE, work=str(tmp_path / "work"),
                     output=str(tmp_path / "index.tif"))
    assert f"{fake} is not geoq: --version printed nothing" in str(failure.value)
    assert not (tmp_path / "work").exists()
