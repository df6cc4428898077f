"""The stage commands the tasks run: the same stage twice at once on one tile gives one result,
and a stage run out of order names the stage to run first."""
from __future__ import annotations

import subprocess
from pathlib import Path

from geoq_dask import stages


def _geoq(geoq, *args, check=True):
    return subprocess.run([geoq, "index", *map(str, args)], capture_output=True, text=True, check=check)


def _files(work: Path) -> dict[str, bytes]:
    return {str(path.relative_to(work)): path.read_bytes()
            for path in sorted(work.rglob("*")) if path.is_file() and path.name != "plan.json"}


def test_every_stage_run_twice_at_once_gives_the_files_of_one_run(geoq, crop, tmp_path):
    work, index = tmp_path / "work", tmp_path / "index.tif"
    _geoq(geoq, "plan", "--dem", crop, "--tile-size", 256, "--work", work)

    def twice_at_once(*args):
        copies = [subprocess.Popen([geoq, "index", *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                  for _ in range(2)]
        for copy in copies:
            _, error = copy.communicate()
            assert copy.returncode == 0, error.decode()

    for tile in range(8):
        twice_at_once("fill-tile", "--work", work, "--tile", tile)
    twice_at_once("link", "--work", work)
    for tile in range(8):
        twice_at_once("finish-tile", "--work", work, "--tile", tile)
    twice_at_once("assemble", "--work", work, "-o", index)
    concurrent = _files(work) | {"index": index.read_bytes()}
    assert not [name for name in concurrent if name.endswith(".tmp") or ".tmp" in name]

    # The same stages once each, in order, in the same folder from scratch.
    for name in concurrent:
        if name != "index":
            (work / name).unlink()
    index.unlink()
    for tile in range(8):
        _geoq(geoq, "fill-tile", "--work", work, "--tile", tile)
    _geoq(geoq, "link", "--work", work)
    for tile in range(8):
        _geoq(geoq, "finish-tile", "--work", work, "--tile", tile)
    _geoq(geoq, "assemble", "--work", work, "-o", index)
    sequential = _files(work) | {"index": index.read_bytes()}
    assert sorted(concurrent) == sorted(sequential)
    different = [name for name in sequential if concurrent[name] != sequential[name]]
    assert different == []


def test_a_stage_run_out_of_order_names_the_stage_to_run_first(geoq, crop, tmp_path):
    work = tmp_path / "work"
    _geoq(geoq, "plan", "--dem", crop, "--tile-size", 256, "--work", work)
    link = _geoq(geoq, "link", "--work", work, "--json-errors", check=False)
    assert link.returncode == 1
    assert stages.missing_prerequisite(link.stderr) == ("fill-tile", 0)
    for tile in range(8):
        _geoq(geoq, "fill-tile", "--work", work, "--tile", tile)
    finish = _geoq(geoq, "finish-tile", "--work", work, "--tile", 3, "--json-errors", check=False)
    assert finish.returncode == 1
    assert stages.missing_prerequisite(finish.stderr) == ("link", None)
    _geoq(geoq, "link", "--work", work)
    assemble = _geoq(geoq, "assemble", "--work", work, "-o", tmp_path / "index.tif", "--json-errors", check=False)
    assert assemble.returncode == 1
    assert stages.missing_prerequisite(assemble.stderr) == ("finish-tile", 0)
    assert not (tmp_path / "index.tif").exists()


def test_a_stage_failure_is_read_from_its_json_line_not_its_words(geoq, crop, tmp_path):
    # The failure's kind and stage come from the JSON line; the English message is only shown.
    work = tmp_path / "work"
    _geoq(geoq, "plan", "--dem", crop, "--tile-size", 256, "--work", work)
    link = _geoq(geoq, "link", "--work", work, "--json-errors", check=False)
    failure = stages.stage_failure(link.stderr)
    assert failure["kind"] == "missing-prerequisite" and (failure["run"], failure["tile"]) == ("fill-tile", 0)
    assert failure["message"] == f"{work}: tile 0 is not filled (missing); run fill-tile for it"
    # The words alone, as a stage printed them before, are no longer read as a prerequisite.
    assert stages.missing_prerequisite(f"geoq: {work}: tile 0 is not filled (missing); run fill-tile for it") is None
    out_of_range = _geoq(geoq, "fill-tile", "--work", work, "--tile", 8, "--json-errors", check=False)
    assert out_of_range.returncode == 2
    assert stages.stage_failure(out_of_range.stderr)["kind"] == "usage"
    assert stages.missing_prerequisite(out_of_range.stderr) is None
