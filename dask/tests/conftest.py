"""Shared fixtures: the geoq binary (built by `make`), ETOPO5, a local cluster of 2 processes."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
ETOPO5 = REPOSITORY / "data" / "etopo5.tif"
TILE_SIZE = "1024"  # ETOPO5 in 1024-cell tiles: 5 × 3 = 15 tiles (each a process per stage)


@pytest.fixture(scope="session")
def geoq() -> str:
    binary = os.environ.get("GEOQ", str(REPOSITORY / ".build" / "debug" / "geoq"))
    assert os.access(binary, os.X_OK), f"no geoq binary at {binary}; run `swift build` or set GEOQ"
    return os.path.abspath(binary)


@pytest.fixture(scope="module")
def cluster():
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as local:
        with Client(local) as client:
            yield client


def verify(geoq: str, dem: Path, index: Path) -> dict:
    """`geoq index verify`: the tiled index against the monolithic in-memory flood."""
    process = subprocess.run([geoq, "index", "verify", "--dem", str(dem), "--index", str(index)],
                             capture_output=True, text=True)
    assert process.returncode == 0, f"the index differs from the monolithic flood:\n{process.stdout}{process.stderr}"
    return json.loads(process.stdout)
