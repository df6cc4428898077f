"""The tools a user would otherwise reach for, timed on the same grid as geoq-bench-flood.

Usage: flood_peers.py RAW_INT16_FILE WIDTH HEIGHT
Prints one JSON line per figure. Timings are the best of several runs, as geoq's are.
"""
import json
import sys
import time

import numpy as np
from scipy import ndimage


def best(runs, body):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return min(times)


def water_at_rise(elevation, rise):
    """numpy threshold + scipy.ndimage.label, keeping the components that touch the edge seeds."""
    below = elevation <= rise
    labels, _ = ndimage.label(below, structure=np.ones((3, 3), dtype=bool))
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    seeds = np.unique(edge[edge > 0])
    return np.isin(labels, seeds)


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    elevation = np.fromfile(path, dtype="<i2").reshape(height, width)

    import pyflwdir.dem
    as_float = elevation.astype(np.float32)
    pyflwdir.dem.fill_depressions(as_float[:64, :64].copy())  # numba compiles on first call; not timed
    fill_time = best(3, lambda: pyflwdir.dem.fill_depressions(as_float, outlets="edge"))
    print(json.dumps({"name": "pyflwdir_fill_depressions", "cells": width * height, "seconds": fill_time}))

    label_time = best(3, lambda: water_at_rise(elevation, 2))
    print(json.dumps({"name": "scipy_threshold_label", "seconds": label_time}))


if __name__ == "__main__":
    main()
