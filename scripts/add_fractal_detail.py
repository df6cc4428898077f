"""Adds a fixed-seed fractal detail to a raw Int16 raster in place (used by make-big-dem.sh).

Four octaves of value noise (lattice spacing 2, 4, 8 and 16 cells; amplitudes 0.75, 1.5, 3 and
6 m), each lattice value a hash of its row, column and octave, so the result depends on nothing
but the cell's position: the same file on every machine, whatever the block size.
"""
import sys

import numpy as np

MASK = np.uint64(0xFFFFFFFFFFFFFFFF)


def lattice(rows, cols, octave):
    """A value in [-1, 1) per lattice point, from a SplitMix64-style hash of its position."""
    x = (rows.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)) ^ (cols.astype(np.uint64) * np.uint64(0xC2B2AE3D27D4EB4F))
    x = x ^ np.uint64(octave * 0x165667B19E3779F9)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    x = x ^ (x >> np.uint64(31))
    return (x >> np.uint64(11)).astype(np.float64) / float(1 << 53) * 2 - 1


def detail(first_row, row_count, width):
    rows = np.arange(first_row, first_row + row_count)[:, None]
    cols = np.arange(width)[None, :]
    total = np.zeros((row_count, width))
    for octave, (spacing, amplitude) in enumerate([(2, 0.75), (4, 1.5), (8, 3.0), (16, 6.0)]):
        r0, c0 = rows // spacing, cols // spacing
        fr, fc = (rows % spacing) / spacing, (cols % spacing) / spacing
        v00, v01 = lattice(r0, c0, octave), lattice(r0, c0 + 1, octave)
        v10, v11 = lattice(r0 + 1, c0, octave), lattice(r0 + 1, c0 + 1, octave)
        top = v00 + (v01 - v00) * fc
        bottom = v10 + (v11 - v10) * fc
        total += amplitude * (top + (bottom - top) * fr)
    return total


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    cells = np.memmap(path, dtype="<i2", mode="r+", shape=(height, width))
    block = max(1, (1 << 24) // width)
    for first in range(0, height, block):
        count = min(block, height - first)
        values = cells[first:first + count].astype(np.float64) + detail(first, count, width)
        cells[first:first + count] = np.clip(np.rint(values), -32766, 32766).astype("<i2")
    cells.flush()


if __name__ == "__main__":
    main()
