"""An input read through GDAL's `/vsis3/`: a crop of ETOPO5 in a bucket of a local S3 service (moto), built
on 2 local workers, equals the monolithic index of the same object. The work folder stays on a
local disk: stages rename files in it, which an object store cannot do atomically."""
from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from conftest import CROP_TILE_SIZE, verify


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture()
def s3_crop(monkeypatch, crop):
    """The crop of ETOPO5 as s3://geoq/crop.tif on a moto server; GDAL's S3 settings in the environment."""
    moto_server = pytest.importorskip("moto.server")
    boto3 = pytest.importorskip("boto3")
    port = free_port()
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=port)
    server.start()
    try:
        settings = {"AWS_S3_ENDPOINT": f"127.0.0.1:{port}", "AWS_HTTPS": "NO", "AWS_VIRTUAL_HOSTING": "FALSE",
                    "AWS_ACCESS_KEY_ID": "geoq-test", "AWS_SECRET_ACCESS_KEY": "geoq-test", "AWS_REGION": "us-east-1",
                    "AWS_DEFAULT_REGION": "us-east-1", "CPL_VSIL_CURL_ALLOWED_EXTENSIONS": ".tif"}
        for key, value in settings.items():
            monkeypatch.setenv(key, value)
        s3 = boto3.client("s3", endpoint_url=f"http://127.0.0.1:{port}", region_name="us-east-1")
        s3.create_bucket(Bucket="geoq")
        s3.upload_file(str(crop), "geoq", "crop.tif")
        yield "/vsis3/geoq/crop.tif"
    finally:
        server.stop()


def test_an_input_on_vsis3_builds_the_monolithic_index(geoq, s3_crop, crop, tmp_path):
    index = tmp_path / "crop-index.tif"
    process = subprocess.run(
        [sys.executable, "-m", "geoq_dask.cli", "build", "--dem", s3_crop, "--tile-size", CROP_TILE_SIZE,
         "--local-workers", "2", "--work", str(tmp_path / "work"), "-o", str(index), "--geoq", geoq],
        capture_output=True, text=True, timeout=600, env=os.environ.copy())
    assert process.returncode == 0, process.stderr
    report = verify(geoq, s3_crop, index)
    # The same cells as the index of the local file: the object really was read.
    local = tmp_path / "local.tif"
    built = subprocess.run([geoq, "index", "build", "--tiled", "--tile-size", CROP_TILE_SIZE, "--dem", str(crop), "-o", str(local)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    assert report == verify(geoq, crop, local)
