#!/usr/bin/python3
"""Checks data/coastline.tif against the ETOPO5 base grid and known places.

Run with Debian's Python (it has python3-gdal, python3-numpy and python3-scipy):
    /usr/bin/python3 scripts/data/coastline_check.py [data/coastline.tif] [data/etopo5.tif]

1. Aggregates the 30" mask to the 5' base grid: a base cell centred on (lat, lon) covers
   +-2.5' = exactly 10 x 10 mask cells (clamped at the poles); it holds ocean if any is 0.
2. Labels the base cells that hold ocean (8- and 4-connectivity, wrapping east-west) and
   says which seas share the open Pacific's component; the Caspian must hold no ocean.
3. Counts ocean and mixed base cells and the land area (values 1 and 3; 2 and 4 are water).
4. Samples the 30" mask at named points.
Exit status 1 when a check that has a known answer fails.
"""
import sys

import numpy as np
from osgeo import gdal
from scipy import ndimage

R_KM = 6371.0088
MASK_CELLS = 120          # per degree
BASE_CELLS = 12
K = MASK_CELLS // BASE_CELLS  # 10
NAMES = {0: "ocean", 1: "land", 2: "lake", 3: "island in lake", 4: "pond"}
OPEN_PACIFIC = (0.0, -160.0)
SEAS = [  # (name, lat, lon, must share the Pacific's component)
    ("Black Sea", 43.0, 34.0), ("Sea of Azov", 46.0, 36.5), ("Sea of Marmara", 40.8, 28.0),
    ("Baltic / Gulf of Bothnia", 62.0, 20.0), ("Red Sea", 20.0, 38.5), ("Persian Gulf", 27.0, 51.0),
    ("Mediterranean", 35.0, 18.0), ("Hudson Bay", 60.0, -85.0), ("Gulf of California", 27.0, -111.3),
    ("Sea of Japan", 40.0, 135.0),
]
# Straits: a box around each and a point of open water on either side, to test locally.
STRAITS = [
    ("Bosphorus", (40.85, 41.40, 28.70, 29.40), (41.30, 29.25), (40.95, 28.95)),
    ("Dardanelles", (39.90, 40.60, 26.00, 27.00), (39.95, 26.05), (40.45, 26.85)),
    ("Kerch", (44.80, 45.60, 36.10, 36.90), (44.90, 36.55), (45.50, 36.70)),
]
POINTS = [
    ("Amsterdam", 52.37, 4.90), ("Zaandam", 52.439, 4.826), ("Rotterdam", 51.92, 4.48),
    ("Shanghai", 31.23, 121.47), ("Tokyo", 35.68, 139.76), ("New York", 40.71, -74.01),
    ("Kolkata", 22.57, 88.36), ("Venice", 45.44, 12.33), ("Hamburg", 53.55, 9.99),
    ("Wilstermarsch", 53.92, 9.38), ("New Orleans", 29.951, -90.072),
    ("Istanbul Sultanahmet", 41.006, 28.976), ("Bosphorus water", 41.05, 29.03),
    ("Black Sea", 43.0, 34.0), ("Caspian", 42.0, 50.5), ("Dead Sea", 31.5, 35.5),
]
# Only points far from any shore have a known answer; the others are reported.
EXPECTED_POINTS = {"Black Sea": 0, "Caspian": 2, "Dead Sea": 2}
PUBLISHED_LAND_MKM2 = 148.9   # Earth's land area incl. Antarctica, million km^2


def read_mask(path):
    ds = gdal.Open(path)
    if ds is None:
        sys.exit(f"coastline_check: cannot open {path}")
    gt = ds.GetGeoTransform()
    want = (-180.0, 1 / 120, 0.0, 90.0, 0.0, -1 / 120)
    if (ds.RasterXSize, ds.RasterYSize) != (43200, 21600) or not np.allclose(gt, want, atol=1e-12):
        sys.exit(f"coastline_check: {path}: expected 43200 x 21600 cells of 1/120 deg from -180, 90; "
                 f"got {ds.RasterXSize} x {ds.RasterYSize}, geotransform {gt}")
    print(f"{path}: {ds.RasterXSize} x {ds.RasterYSize}, geotransform {gt}, "
          f"AREA_OR_POINT={ds.GetMetadataItem('AREA_OR_POINT')}")
    print(f"  band description: {ds.GetRasterBand(1).GetDescription()}")
    return ds.GetRasterBand(1).ReadAsArray()


def base_blocks(mask):
    """(2161, 10, 4320, 10) view: base cell (i, j) covers mask rows 10i-5..10i+4, columns 10j-5..10j+4.

    Rows beyond the poles are padded with 255 (absent)."""
    rolled = np.roll(mask, K // 2, axis=1)
    pad = np.full((K // 2, mask.shape[1]), 255, np.uint8)
    padded = np.vstack([pad, rolled, pad])
    return padded.reshape(2161, K, 4320, K)


def row_areas_km2(n_rows, cells_per_degree):
    """Area of one cell in each row of a north-up grid whose first row's top edge is 90 N."""
    edges = np.radians(90.0 - np.arange(n_rows + 1) / cells_per_degree)
    return R_KM ** 2 * np.radians(1 / cells_per_degree) * (np.sin(edges[:-1]) - np.sin(edges[1:]))


def base_index(lat, lon):
    return int(round((90.0 - lat) * BASE_CELLS)), int(round((lon + 180.0) * BASE_CELLS)) % 4320


def mask_value(mask, lat, lon):
    r = min(int(np.floor((90.0 - lat) * MASK_CELLS)), 21599)
    c = int(np.floor((lon + 180.0) * MASK_CELLS)) % 43200
    return int(mask[r, c])


def label_wrapped(holds, connectivity):
    """Connected components of `holds`, joining the east and west edges (8 also diagonally)."""
    structure = ndimage.generate_binary_structure(2, 2 if connectivity == 8 else 1)
    labels, n = ndimage.label(holds, structure=structure)
    parent = np.arange(n + 1)

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    west, east = labels[:, 0], labels[:, -1]
    offsets = (-1, 0, 1) if connectivity == 8 else (0,)
    for d in offsets:
        for i in range(labels.shape[0]):
            k = i + d
            if 0 <= k < labels.shape[0] and east[i] and west[k]:
                a, b = find(east[i]), find(west[k])
                if a != b:
                    parent[max(a, b)] = min(a, b)
    roots = np.array([find(a) for a in range(n + 1)])
    return roots[labels]


def strait_open(holds, box, a, b, connectivity):
    s, n, w, e = box
    i0, j0 = base_index(n, w)
    i1, j1 = base_index(s, e)
    window = holds[i0:i1 + 1, j0:j1 + 1]
    structure = ndimage.generate_binary_structure(2, 2 if connectivity == 8 else 1)
    labels, _ = ndimage.label(window, structure=structure)
    ia, ja = base_index(*a)
    ib, jb = base_index(*b)
    la, lb = labels[ia - i0, ja - j0], labels[ib - i0, jb - j0]
    return bool(la and la == lb), window


def mask_strait_open(mask, box, a, b, connectivity):
    """The same test on the 30" mask itself: ocean cells (0) only."""
    s, n, w, e = box
    r0, r1 = int(np.floor((90.0 - n) * MASK_CELLS)), int(np.floor((90.0 - s) * MASK_CELLS))
    c0, c1 = int(np.floor((w + 180.0) * MASK_CELLS)), int(np.floor((e + 180.0) * MASK_CELLS))
    structure = ndimage.generate_binary_structure(2, 2 if connectivity == 8 else 1)
    labels, _ = ndimage.label(mask[r0:r1 + 1, c0:c1 + 1] == 0, structure=structure)

    def at(lat, lon):
        return labels[int(np.floor((90.0 - lat) * MASK_CELLS)) - r0, int(np.floor((lon + 180.0) * MASK_CELLS)) - c0]
    return bool(at(*a) and at(*a) == at(*b))


def main():
    mask_path = sys.argv[1] if len(sys.argv) > 1 else "data/coastline.tif"
    etopo_path = sys.argv[2] if len(sys.argv) > 2 else "data/etopo5.tif"
    failures = []
    mask = read_mask(mask_path)
    counts = np.bincount(mask.ravel(), minlength=256)
    print("  cells by value: " + ", ".join(f"{v} {NAMES[v]} {counts[v]}" for v in range(5)))
    if counts[5:].any():
        failures.append(f"values above 4: {counts[5:].sum()} cells")

    # 3. Areas at 30", then per base cell.
    areas = row_areas_km2(21600, MASK_CELLS)
    per_row = np.stack([(mask == v).sum(axis=1) for v in range(5)], axis=1)  # (21600, 5)
    area_by_value = (per_row * areas[:, None]).sum(axis=0)
    land = area_by_value[1] + area_by_value[3]
    lakes = area_by_value[2] + area_by_value[4]
    print(f"\nAreas (R = {R_KM} km, sphere {4 * np.pi * R_KM ** 2 / 1e6:.3f} million km^2):")
    print(f"  land (1 + 3): {land / 1e6:.3f} million km^2 (published about {PUBLISHED_LAND_MKM2}; "
          f"{100 * (land / 1e6 / PUBLISHED_LAND_MKM2 - 1):+.2f} %)")
    print(f"  lakes (2 + 4): {lakes / 1e6:.3f} million km^2; land + lakes {(land + lakes) / 1e6:.3f}")
    print(f"  ocean (0): {area_by_value[0] / 1e6:.3f} million km^2")

    blocks = base_blocks(mask)
    ocean_n = (blocks == 0).sum(axis=(1, 3))
    valid_n = (blocks != 255).sum(axis=(1, 3))
    holds = ocean_n > 0
    mixed = holds & (ocean_n < valid_n)
    print(f"\nBase grid 4320 x 2161 (5'): {holds.sum()} cells hold ocean, {(~holds).sum()} hold none, "
          f"{mixed.sum()} mixed (some ocean, some not), {(holds & ~mixed).sum()} all ocean")
    mrows = np.vstack([np.full((K // 2, 1), 0.0), areas[:, None], np.full((K // 2, 1), 0.0)])[:, 0]
    land_blocks = ((blocks == 1) | (blocks == 3)).sum(axis=3)  # (2161, 10, 4320)
    land_base = (land_blocks * mrows.reshape(2161, K)[:, :, None]).sum(axis=1)  # km^2 per base cell
    print(f"  land area summed from base cells' land fractions: {land_base.sum() / 1e6:.3f} million km^2")

    etopo = gdal.Open(etopo_path)
    if etopo is not None:
        z = etopo.GetRasterBand(1).ReadAsArray()
        print(f"  {etopo_path}: {etopo.RasterXSize} x {etopo.RasterYSize}, geotransform {etopo.GetGeoTransform()}")
        low = z <= 0
        print(f"  ETOPO5 <= 0 m: {low.sum()} cells; of them {(low & ~holds).sum()} hold no ocean in the mask "
              f"(below sea level inland or lakes); ETOPO5 > 0 m but holding ocean: {(~low & holds).sum()}; "
              f"ETOPO5 > 0 m and all ocean: {(~low & holds & ~mixed).sum()}")

    # 2. Components.
    pac = base_index(*OPEN_PACIFIC)
    for conn in (8, 4):
        labels = label_wrapped(holds, conn)
        pac_label = labels[pac]
        sizes = np.bincount(labels.ravel())
        sizes[0] = 0
        print(f"\n{conn}-connectivity: {len(np.unique(labels)) - 1} components of ocean-holding cells; "
              f"the open Pacific's has {sizes[pac_label]} cells")
        for name, lat, lon in SEAS:
            lab = labels[base_index(lat, lon)]
            ok = lab == pac_label and lab != 0
            print(f"  {name:26s} ({lat:g}, {lon:g}): {'connected' if ok else 'NOT connected'}"
                  + ("" if lab else " (cell holds no ocean)"))
            if not ok and conn == 8:
                failures.append(f"{name} not connected to the Pacific at 8-connectivity")
        others = [lab for lab in np.unique(labels) if lab not in (0, pac_label)]
        for lab in sorted(others, key=lambda x: -sizes[x])[:12]:
            ii, jj = np.nonzero(labels == lab)
            print(f"  other component: {sizes[lab]} cells, first at ({90 - ii[0] / 12:.3f}, {jj[0] / 12 - 180:.3f})")
        cas = base_index(42.0, 50.5)
        print(f"  Caspian (42, 50.5): {'holds ocean!' if holds[cas] else 'holds no ocean (good)'}")
        if holds[cas]:
            failures.append("Caspian holds ocean")
    print("\nStraits (within a box around each, from open water on one side to the other):")
    for name, box, a, b in STRAITS:
        res = {c: strait_open(holds, box, a, b, c) for c in (8, 4)}
        print(f"  {name}: 8-connectivity {'open' if res[8][0] else 'closed'}, "
              f"4-connectivity {'open' if res[4][0] else 'closed'}  (box {box}; # holds ocean)")
        fine = {c: mask_strait_open(mask, box, a, b, c) for c in (8, 4)}
        print(f"    on the 30\" mask itself (ocean cells only): 8-connectivity {'open' if fine[8] else 'closed'}, "
              f"4-connectivity {'open' if fine[4] else 'closed'}")
        for row in res[8][1]:
            print("    " + "".join("#" if x else "." for x in row))

    # 4. Points.
    print("\nPoints (30\" mask value):")
    for name, lat, lon in POINTS:
        v = mask_value(mask, lat, lon)
        i, j = base_index(lat, lon)
        print(f"  {name:22s} {lat:8.3f} {lon:9.3f}: {v} {NAMES.get(v, '?'):15s} "
              f"(its base cell: {ocean_n[i, j]}/{valid_n[i, j]} mask cells ocean)")
        want = EXPECTED_POINTS.get(name)
        if want is not None and v != want:
            failures.append(f"{name}: expected {want} ({NAMES[want]}), got {v}")

    if failures:
        print("\nFAILED: " + "; ".join(failures))
        return 1
    print("\nall checks with known answers passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
