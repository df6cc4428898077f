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
CROP_TILE_SIZE = "256"  # the crop in 256-cell tiles: 4 × 2 = 8 tiles


@pytest.fixture(scope="session")
def geoq() -> str:
    binary = os.environ.get("GEOQ", str(REPOSITORY / ".build" / "debug" / "geoq"))
    assert os.access(binary, os.X_OK), f"no geoq binary at {binary}; run `swift build` or set GEOQ"
    return os.path.abspath(binary)


@pytest.fixture(scope="session")
def crop(tmp_path_factory) -> Path:
    """A 1024 × 512 crop of ETOPO5 (the Atlantic and Africa), 8 tiles of 256: the tests of faults
    and inputs build it, a twentieth of ETOPO5's work; one test builds ETOPO5 whole."""
    path = tmp_path_factory.mktemp("crop") / "crop.tif"
    subprocess.run(["gdal_translate", "-q", "-srcwin", "1900", "600", "1024", "512", str(ETOPO5), str(path)], check=True)
    return path


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
