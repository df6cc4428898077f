"""geoq's spill levels against RichDEM's FillDepressions, cell for cell, on regional crops.

RichDEM (Barnes's own C++ Priority-Flood) seeds the raster's border and fills every depression
to its spill level; with epsilon=False the filled surface is exactly the lowest sea level at
which each cell is reached from the border, which is what `geoq index build --alone` stores in
band 1 of its index. RichDEM has no notion of nodata: it reads nodata as an ordinary, very low
elevation that floods but is not a source. So each of geoq's two nodata rules is given to
RichDEM as an elevation:
  --nodata land   nodata is a wall above every elevation (32767, or +inf for Float32); a cell
                  only reached over a wall is "never water" in geoq (32767 / +inf) and is filled
                  to the wall's height by RichDEM;
  --nodata ocean  nodata is a source below every elevation (-32767, or -inf), as RichDEM reads
                  it; RichDEM only seeds the border, so this holds where every nodata cell is
                  joined to the border through nodata, which the crops below are made to be
                  (checked: RichDEM leaves exactly those cells at the source level).

usage: richdem_reference.py GEOQ WORK_FOLDER
Exits non-zero, naming the crop, the rule and the first differing cell, on any difference.
"""
import os
import subprocess
import sys
import time

import numpy as np
import richdem

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SEA_MASK_DEPTH = -200  # sea below this depth is masked as nodata (a DEM that leaves out the sea)


def run(*args):
    result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"richdem reference: `{' '.join(args)}` failed: {result.stderr.strip()}")


def read_raw(path, dtype, shape):
    return np.fromfile(path, dtype=dtype).reshape(shape)


def cut(source, name, window, dtype, work):
    """Crops SOURCE to WINDOW (x, y, width, height) as an ENVI file (raw + georeferenced header)."""
    path = os.path.join(work, f"{name}.raw")
    gdal_type = "Int16" if dtype == np.int16 else "Float32"
    nodata = "-32768" if dtype == np.int16 else "nan"
    run("gdal_translate", "-q", "-of", "ENVI", "-ot", gdal_type, "-a_nodata", nodata,
        "-srcwin", *map(str, window), source, path)
    return path, read_raw(path, dtype, (window[3], window[2]))


def as_richdem(values):
    # The fill ignores RichDEM's nodata value (see above); it is given one that no cell holds.
    array = richdem.rdarray(np.ascontiguousarray(values), no_data=values.dtype.type(-32768))
    array.geotransform = (0, 1, 0, 0, 0, -1)  # RichDEM asks for one; cells are its unit squares
    return array


def richdem_fill(elevation, nodata, sentinel):
    surface = np.where(nodata, elevation.dtype.type(sentinel), elevation)
    return np.asarray(richdem.FillDepressions(as_richdem(surface), epsilon=False, topology="D8"))


def mask_open_sea(elevation, is_float):
    """Nodata where the sea is deeper than SEA_MASK_DEPTH and joined to the border through
    such sea; other deep water (lakes, enclosed seas) keeps its elevations."""
    deep = elevation < SEA_MASK_DEPTH
    low = -np.inf if is_float else -32767
    filled = richdem_fill(elevation, deep, low)
    return deep & (filled == low)


def crops(work):
    etopo, hamburg = os.path.join(ROOT, "data", "etopo5.tif"), os.path.join(ROOT, "data", "N53E009.hgt")

    # Hamburg's SRTM tile as shipped: Int16, 1201², its own voids inside (nodata -32768).
    path, values = cut(hamburg, "hamburg", (0, 0, 1201, 1201), np.int16, work)
    nodata = values == -32768
    yield "Hamburg tile N53E009 (Int16, its voids)", path, values, nodata, ("land",)

    # Europe and the Mediterranean from ETOPO5 (Int16), the open sea masked as nodata.
    path, values = cut(etopo, "europe", (1980, 360, 720, 384), np.int16, work)
    nodata = mask_open_sea(values, False)
    values[nodata] = -32768
    values.tofile(path)
    yield "ETOPO5 Europe (Int16, open sea as nodata)", path, values, nodata, ("ocean", "land")

    # East Africa and Arabia (rift lakes, the Dead Sea, Afar) as Float32 in thirds of a metre,
    # with the open sea and a channel from the northern edge into the middle as NaN.
    path, raw = cut(etopo, "east-africa", (2520, 660, 360, 480), np.float32, work)
    values = (raw / np.float32(3)).astype(np.float32)
    nodata = mask_open_sea(values, True)
    nodata[: values.shape[0] // 2, 180:183] = True
    values[nodata] = np.nan
    values.tofile(path)
    yield "ETOPO5 East Africa (Float32, sea and a channel as NaN)", path, values, nodata, ("ocean", "land")


def geoq_levels(geoq, dem, rule, shape, dtype, work):
    index = os.path.join(work, f"{os.path.basename(dem)}.{rule}.tif")
    run(geoq, "index", "build", "--dem", dem, "--alone", "--nodata", rule, "--tiled", "-o", index)
    levels = index + ".band1.raw"
    run("gdal_translate", "-q", "-of", "ENVI", "-b", "1", index, levels)
    return read_raw(levels, dtype, shape)


def main():
    geoq, work = sys.argv[1], sys.argv[2]
    failures = 0
    for name, path, values, nodata, rules in crops(work):
        is_float = values.dtype == np.float32
        for rule in rules:
            start = time.perf_counter()
            sentinel = (np.inf if rule == "land" else -np.inf) if is_float else (32767 if rule == "land" else -32767)
            expected = richdem_fill(values, nodata, sentinel)
            if rule == "ocean" and not np.all(expected[nodata] == sentinel):
                sys.exit(f"richdem reference: {name}: some nodata is not joined to the border, so RichDEM "
                         "cannot stand for --nodata ocean there (fix the crop)")
            actual = geoq_levels(geoq, path, rule, values.shape, values.dtype, work)
            differ = np.argwhere(actual != expected)
            label = f"{name}, --nodata {rule}: {values.size:,} cells ({int(nodata.sum()):,} nodata)"
            if len(differ) == 0:
                print(f"ok   {label} equal RichDEM's FillDepressions ({time.perf_counter() - start:.1f} s)")
                continue
            failures += 1
            row, col = differ[0]
            print(f"FAIL {label}: {len(differ):,} cells differ from RichDEM's FillDepressions; first at row {row}, "
                  f"column {col}: elevation {values[row, col]}, geoq {actual[row, col]}, RichDEM {expected[row, col]}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
