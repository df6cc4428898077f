"""rio-tiler drawing geoq's tiles from geoq's own Cloud-Optimized GeoTIFF index, the peer of
`/v1/tiles` in `make bench` (scripts/bench-peers-tiles.sh).

What is comparable, and so what this draws: the same 256² Web Mercator tiles of the same index
(band 1 spill level, band 2 elevation), read nearest-neighbour as geoq does (rio-tiler picks
the overview), each pixel given geoq's class rule (FloodClass.of: water where spill level ≤
rise; sea or newly flooded land by elevation; isolated lowland; exposed sea floor; nodata
clear) and geoq's colours, read from its own `GET /v1/palette` (the two ramps interpolated
linearly, the three class colours), encoded as an RGBA PNG. No hatching (geoq's default).

Usage: rio_flood_tiles.py INDEX.tif TILES PALETTE.json RISE [GEOQ_TILES_FOLDER]
Prints one JSON line: p50/p99 of one pass over TILES (z/x/y lines) after a pass that warms the
caches, as geoq-bench-tiled does; with GEOQ_TILES_FOLDER (z-x-y.png from geoq), the share of
pixels that are the same in both.
"""
import json
import os
import sys
import time

import numpy as np
from rio_tiler.io import Reader
from rio_tiler.models import ImageData

SPILL_NODATA = -32768  # nodata of both bands of an Int16 index (docs/tiled-index.md)
NODATA_DEPTH = 8000.0  # depth geoq assumes for water over cells without data (FloodPalette)


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


class FloodColours:
    """geoq's class rule and colours over whole arrays."""

    def __init__(self, palette):
        classes = {entry["class"]: hex_rgb(entry["colour"]) for entry in palette["classes"]}
        self.newly_flooded, self.isolated, self.exposed = (classes[name] for name in ("newlyFlooded", "isolatedLowland", "exposedSeaFloor"))
        self.land = self.ramp(palette["landRamp"], "elevationM")
        self.sea = self.ramp(palette["seaRamp"], "depthM")

    @staticmethod
    def ramp(stops, key):
        metres = np.array([stop[key] for stop in stops], dtype=np.float64)
        colours = np.array([hex_rgb(stop["colour"]) for stop in stops], dtype=np.float64)
        return metres, colours

    @staticmethod
    def interpolate(ramp, values):
        metres, colours = ramp
        return np.stack([np.floor(np.interp(values, metres, colours[:, channel]) + 0.5) for channel in range(3)])

    def rgb(self, spill, elevation, rise):
        """(3, h, w) uint8 colours and the (h, w) mask of pixels with nothing to show."""
        has_elevation = elevation != SPILL_NODATA
        height = elevation.astype(np.float64)
        water = spill.astype(np.float64) <= rise
        newly = water & has_elevation & (height > 0)
        sea = water & ~newly
        isolated = ~water & has_elevation & (height <= rise)
        exposed = ~water & has_elevation & ~isolated & (rise < 0) & (spill <= 0)
        out = self.interpolate(self.land, np.where(has_elevation, height, 0))
        depth = rise - np.where(has_elevation, height, -NODATA_DEPTH)
        out = np.where(sea, self.interpolate(self.sea, depth), out)
        for where, colour in ((newly, self.newly_flooded), (isolated, self.isolated), (exposed, self.exposed)):
            out = np.where(where, np.array(colour, dtype=np.float64)[:, None, None], out)
        return out.astype(np.uint8), ~water & ~has_elevation


def flood_image(colours, tile, rise):
    """The tile's RGBA image: its colours, and its mask as the alpha channel when rendered."""
    rgb, clear = colours.rgb(tile.data[0], tile.data[1], rise)
    return ImageData(np.ma.MaskedArray(rgb, mask=np.broadcast_to(clear, rgb.shape)), crs=tile.crs, bounds=tile.bounds)


def draw(reader, colours, z, x, y, rise):
    tile = reader.tile(x, y, z, indexes=(1, 2), resampling_method="nearest", reproject_method="nearest")
    return flood_image(colours, tile, rise).render(img_format="PNG")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def same_pixels(png, other_path):
    from rasterio.io import MemoryFile
    with MemoryFile(png) as ours, MemoryFile(open(other_path, "rb").read()) as theirs:
        with ours.open() as a, theirs.open() as b:
            return int(np.count_nonzero(np.all(a.read() == b.read(), axis=0))), a.width * a.height


def main():
    index, tiles_path, palette_path, rise = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    geoq_folder = sys.argv[5] if len(sys.argv) > 5 else None
    tiles = [tuple(int(part) for part in line.split("/")) for line in open(tiles_path).read().split()]
    colours = FloodColours(json.load(open(palette_path)))
    with Reader(index) as reader:
        pngs = [draw(reader, colours, *tile, rise) for tile in tiles]
        times = []
        for tile in tiles:
            start = time.perf_counter()
            draw(reader, colours, *tile, rise)
            times.append((time.perf_counter() - start) * 1e3)
    figures = {"name": "rio_tiler", "tiles": len(tiles), "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99),
               "mean_png_bytes": sum(map(len, pngs)) // len(pngs)}
    if geoq_folder:
        by_zoom = {}
        for (z, x, y), png in zip(tiles, pngs):
            equal, pixels = same_pixels(png, os.path.join(geoq_folder, f"{z}-{x}-{y}.png"))
            same, total = by_zoom.get(z, (0, 0))
            by_zoom[z] = (same + equal, total + pixels)
        figures["same_pixels"] = sum(same for same, _ in by_zoom.values()) / sum(total for _, total in by_zoom.values())
        figures["same_pixels_by_zoom"] = {z: same / total for z, (same, total) in sorted(by_zoom.items())}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
