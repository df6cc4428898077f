"""The field's depression fillers on one grid, timed as compute alone and checked against geoq.

Usage: flood_field.py RAW_INT16 WIDTH HEIGHT GEOQ_LEVELS_RAW_INT16 RUNS
Prints one JSON line per peer: the best of RUNS compute times (reading and conversions not
timed) and how many cells differ from geoq's spill levels (band 1 of `geoq index build --alone
--tiled`: the grid flooded from its whole border, no wrap).

- RichDEM FillDepressions(epsilon=False): Barnes's Priority-Flood, seeded from the border.
- WhiteboxTools fill_depressions (whitebox-workflows): timed with fix_flats=False on the grid
  inside a one-cell ring lower than every cell, the setting under which it equals geoq (see
  docs/peers.md); its defaults (flats given a gradient, the edge not an outlet) are compared,
  not timed, with WITH_DEFAULTS=1.
- pyflwdir fill_depressions(outlets="edge"), numba-compiled before it is timed.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np


def best(runs, setup, body):
    """Best of `runs` timings of body(setup()); setup is not timed. Returns (seconds, last result)."""
    times, result = [], None
    for _ in range(runs):
        argument = setup()
        start = time.perf_counter()
        result = body(argument)
        times.append(time.perf_counter() - start)
    return min(times), result


def differing(result, expected):
    return int(np.count_nonzero(np.asarray(result, dtype=np.float64) != expected))


def richdem_fill(elevation, runs):
    import richdem

    def setup():
        array = richdem.rdarray(elevation.copy(), no_data=np.int16(-32768))
        array.geotransform = (0, 1, 0, 0, 0, -1)
        return array

    def fill(array):
        richdem.FillDepressions(array, epsilon=False, in_place=True)
        return array

    return best(runs, setup, fill)


def whitebox_raster(environment, values, folder):
    """Writes values as a Float32 GeoTIFF (through ENVI and GDAL) and reads it as a whitebox raster."""
    height, width = values.shape
    raw, path = os.path.join(folder, "whitebox.raw"), os.path.join(folder, "whitebox.tif")
    values.astype(np.float32).tofile(raw)
    with open(os.path.join(folder, "whitebox.hdr"), "w") as header:
        header.write(f"ENVI\nsamples = {width}\nlines = {height}\nbands = 1\nheader offset = 0\nfile type = ENVI Standard\n"
                     "data type = 4\ninterleave = bsq\nbyte order = 0\n")
    subprocess.run(["gdal_translate", "-q", "-of", "GTiff", raw, path], check=True)
    os.remove(raw)
    return environment.read_raster(path)


def whitebox_fill(elevation, runs, folder, ring, fix_flats):
    import whitebox_workflows
    environment = whitebox_workflows.WbEnvironment()
    environment.verbose = False
    values = elevation
    if ring:
        height, width = elevation.shape
        values = np.full((height + 2, width + 2), elevation.min() - 1, dtype=np.float32)
        values[1:-1, 1:-1] = elevation
    raster = whitebox_raster(environment, values, folder)
    fill = environment.hydrology.depressions_storage.fill_depressions
    seconds, filled = best(runs, lambda: raster, lambda dem: fill(dem=dem, fix_flats=fix_flats))
    result = filled.to_numpy()
    return seconds, result[1:-1, 1:-1] if ring else result


def pyflwdir_fill(elevation, runs):
    import pyflwdir.dem
    as_float = elevation.astype(np.float32)
    pyflwdir.dem.fill_depressions(as_float[:64, :64].copy())  # numba compiles on first call; not timed
    return best(runs, lambda: as_float, lambda grid: pyflwdir.dem.fill_depressions(grid, outlets="edge")[0])


def main():
    path, width, height, levels_path, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
    elevation = np.fromfile(path, dtype="<i2").reshape(height, width)
    expected = np.fromfile(levels_path, dtype="<i2").reshape(height, width).astype(np.float64)
    cells = width * height

    def report(name, seconds, result, **extra):
        print(json.dumps({"name": name, "cells": cells, "seconds": seconds, "differ": differing(result, expected), **extra}), flush=True)

    seconds, result = richdem_fill(elevation, runs)
    report("richdem", seconds, result)
    del result
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(path))) as folder:
        seconds, result = whitebox_fill(elevation, runs, folder, ring=True, fix_flats=False)
        report("whitebox", seconds, result, setting="fix_flats=False, a lower ring around the grid")
        del result
        if os.environ.get("WITH_DEFAULTS") == "1":
            for fix_flats in (True, False):
                seconds, result = whitebox_fill(elevation, 1, folder, ring=False, fix_flats=fix_flats)
                report("whitebox_as_given" if fix_flats else "whitebox_flat", seconds, result,
                       setting=f"fix_flats={fix_flats}, the grid as it is")
                del result
    seconds, result = pyflwdir_fill(elevation, runs)
    report("pyflwdir", seconds, result)


if __name__ == "__main__":
    main()
