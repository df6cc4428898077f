"""The region recipe in NumPy, the peer that geoq's region framer is benchmarked beside.

Same rules as geoq's RegionFramer in independent mode: sorted latitudes and longitudes, the longest
run with neighbouring values at most `gap` apart (plus a nanodegree of tolerance), longitudes on a
circle, ties to the smaller extent then the smaller lower edge, poles exempt from the longitude run,
padding on each side, a minimum span, and latitudes kept within -90..90 by shifting.

    python3 region_numpy.py POINTS_FILE [--runs R]

POINTS_FILE holds little-endian float64 values, all latitudes then all longitudes (as written by
geoq-bench-region --write-points). Prints `numpy_ms MEDIAN` and the region in geoq-bench-region's form.
"""
import argparse
import time

import numpy as np

TOLERANCE = 1e-9


def preferred(counts, extents, lowers):
    """Index of the run with most points, then smallest extent (within the tolerance), then lowest edge."""
    most = counts == counts.max()
    tightest = extents[most].min()
    candidates = np.flatnonzero(most & (extents <= tightest + TOLERANCE))
    return candidates[np.argmin(lowers[candidates])]


def linear_run(values, gap):
    s = np.sort(values)
    breaks = np.flatnonzero(np.diff(s) > gap + TOLERANCE)
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks, [len(s) - 1]))
    lowers, uppers = s[starts], s[ends]
    extents = uppers - lowers
    best = preferred(ends - starts + 1, extents, lowers)
    return lowers[best], uppers[best], extents[best]


def circular_run(values, gap):
    s = np.sort(np.where(values == 180, -180.0, values))
    m = len(s)
    gaps = np.empty(m)
    gaps[:-1] = np.diff(s)
    gaps[-1] = (s[0] + 360) - s[-1]
    breaks = np.flatnonzero(gaps > gap + TOLERANCE)
    if len(breaks) == 0:
        # One run round the whole circle: leave out the widest gap, the one across +-180 first on ties.
        order = np.concatenate(([m - 1], np.arange(m - 1)))
        widest = order[np.argmax(gaps[order] >= gaps.max() - TOLERANCE)]
        starts, ends = np.array([(widest + 1) % m]), np.array([widest])
    else:
        starts = (breaks + 1) % m
        ends = np.roll(breaks, -1)
    counts = (ends - starts) % m + 1
    lowers, uppers = s[starts], s[ends]
    crossing = ends < starts
    extents = np.where(crossing, (uppers + 360) - lowers, uppers - lowers)
    best = preferred(counts, extents, lowers)
    return lowers[best], uppers[best], extents[best]


def west_edge(longitude):
    wrapped = longitude - 360 * np.floor((longitude + 180) / 360)
    return wrapped - 360 if wrapped >= 180 else wrapped


def frame(latitudes, longitudes, gap=1.0, padding=0.1, minimum_span=0.01):
    south_run, north_run, latitude_extent = linear_run(latitudes, gap)
    polar = np.abs(latitudes) == 90
    voters = longitudes if polar.all() else longitudes[~polar]
    west_run, east_run, longitude_extent = circular_run(voters, gap)

    circle = np.where(longitudes == 180, -180.0, longitudes)
    in_latitude = (latitudes >= south_run) & (latitudes <= north_run)
    if west_run <= east_run:
        in_longitude = (circle >= west_run) & (circle <= east_run)
    else:
        in_longitude = (circle >= west_run) | (circle <= east_run)
    kept = in_latitude & (polar | in_longitude)
    trimmed = np.flatnonzero(~kept)

    latitude_span = min(max(latitude_extent * (1 + 2 * padding), minimum_span), 180)
    middle = (south_run + north_run) / 2
    south, north = middle - latitude_span / 2, middle + latitude_span / 2
    if south < -90:
        south, north = -90.0, -90 + latitude_span
    if north > 90:
        south, north = 90 - latitude_span, 90.0

    longitude_span = min(max(longitude_extent * (1 + 2 * padding), minimum_span), 360)
    centre = west_edge(west_run + longitude_extent / 2)
    if longitude_span >= 360:
        west, east = -180.0, 180.0
    elif longitude_span == 0:
        west = east = centre
    else:
        west = west_edge(centre - longitude_span / 2)
        east = west_edge(centre + longitude_span / 2)
        if east == -180:
            east = 180.0
    point_east = 180.0 if east_run == -180 and longitude_extent > 0 else east_run
    return (west, south, east, north), (west_run, south_run, point_east, north_run), int(kept.sum()), trimmed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("points")
    parser.add_argument("--runs", type=int, default=9)
    arguments = parser.parse_args()
    values = np.fromfile(arguments.points, dtype="<f8")
    latitudes, longitudes = values[: len(values) // 2], values[len(values) // 2:]
    times = []
    for _ in range(arguments.runs):
        start = time.perf_counter()
        result = frame(latitudes, longitudes)
        times.append((time.perf_counter() - start) * 1000)
    bounds, point_bounds, kept, _ = result
    print(f"numpy_ms {sorted(times)[len(times) // 2]}")
    text = lambda box: " ".join(repr(float(v)) for v in box)
    print(f"region bbox {text(bounds)} points {text(point_bounds)} kept {kept}")


if __name__ == "__main__":
    main()
