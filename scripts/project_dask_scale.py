"""Projects the Dask build to global 3″ and 1″ grids from two measured runs (1 and 2 workers).

Usage: project_dask_scale.py ONE_WORKER.json TWO_WORKERS.json [--markdown OUT.md]
(the JSON that `geoq-dask build` prints). Nothing is assumed but the model below; every rate
comes from the 1-worker run, and the costs are the geoq processes' own CPU seconds (user +
system, from wait4), which do not depend on how busy the measuring host was:
  - fill-tile and finish-tile cost their measured CPU seconds per cell, and each task its
    measured overhead (the stage's wall time on 1 worker minus its tasks' own time, per task);
  - the merged graph grows with the tiles' border rings: measured graph bytes per ring cell;
  - the merge (link) takes its measured CPU seconds per graph byte, on one worker;
  - assemble writes one COG on one worker: its measured CPU seconds per cell.
Wall time on W workers = (fill + finish) / (W · e) + link + assemble, with e the per-worker
efficiency of the parallel stages measured on 2 workers (and e = 1 shown as the ideal).
"""
from __future__ import annotations

import argparse
import json

TILE = 4096  # tiles of the projected grids: 4096² Int16 cells need ~370 MB per worker


def ring_cells(width: int, height: int) -> int:
    return width if height == 1 else height if width == 1 else 2 * width + 2 * (height - 2)


def ring_total(width: int, height: int, tile_width: int, tile_height: int) -> int:
    total = 0
    for row in range(0, height, tile_height):
        for col in range(0, width, tile_width):
            total += ring_cells(min(tile_width, width - col), min(tile_height, height - row))
    return total


def rates(one: dict, two: dict) -> dict:
    stages1, stages2 = one["stages"], two["stages"]
    cells, tiles = one["cells"], one["tiles"]
    parallel1 = sum(stages1[s]["seconds"] for s in ("fill-tile", "finish-tile"))
    parallel2 = sum(stages2[s]["seconds"] for s in ("fill-tile", "finish-tile"))
    rings = ring_total(one["width"], one["height"], one["tileWidth"], one["tileHeight"])
    return {
        "fill_per_cell": stages1["fill-tile"]["taskCpuSeconds"] / cells,
        "finish_per_cell": stages1["finish-tile"]["taskCpuSeconds"] / cells,
        "overhead_per_task": max(0.0, (parallel1 - stages1["fill-tile"]["taskSeconds"]
                                       - stages1["finish-tile"]["taskSeconds"]) / (2 * tiles)),
        "graph_bytes_per_ring_cell": one["mergeInputBytes"] / rings,
        "link_seconds_per_byte": stages1["link"]["taskCpuSeconds"] / one["mergeInputBytes"],
        "assemble_per_cell": stages1["assemble"]["taskCpuSeconds"] / cells,
        "efficiency": parallel1 / (2 * parallel2),
        "speedup": total(one) / total(two),
    }


def total(summary: dict) -> float:
    return sum(stage["seconds"] for stage in summary["stages"].values())


def project(rate: dict, width: int, height: int, workers: int, efficiency: float) -> dict:
    cells = width * height
    tiles = -(-width // TILE) * -(-height // TILE)
    graph = rate["graph_bytes_per_ring_cell"] * ring_total(width, height, TILE, TILE)
    serial_work = cells * (rate["fill_per_cell"] + rate["finish_per_cell"]) + tiles * 2 * rate["overhead_per_task"]
    parallel = serial_work / (workers * efficiency)
    link = graph * rate["link_seconds_per_byte"]
    assemble = cells * rate["assemble_per_cell"]
    wall = parallel + link + assemble
    one_worker = serial_work + link + assemble
    return {"cells": cells, "tiles": tiles, "graph": graph, "parallel": parallel, "link": link,
            "assemble": assemble, "wall": wall, "efficiency": one_worker / (workers * wall),
            "cells_per_core_second": cells / (wall * workers)}


GRIDS = [("3″ global", 432_000, 216_000), ("1″ global", 1_296_000, 648_000)]
BARNES = 2e12 / (4.8 * 3600 * 48)  # Barnes (2016): 2×10¹² cells in 4.8 h on 48 cores


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("one")
    parser.add_argument("two")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    one, two = json.load(open(args.one)), json.load(open(args.two))
    rate = rates(one, two)
    grid_bytes = one["cells"] * 2
    print(f"measured grid: {one['width']}×{one['height']} = {one['cells']:.3g} cells ({grid_bytes / 1e9:.2f} GB as Int16), "
          f"{one['tiles']} tiles of {one['tileWidth']}×{one['tileHeight']}")
    print(f"1 worker {total(one):.1f} s, 2 workers {total(two):.1f} s: speed-up {rate['speedup']:.2f}× "
          f"(target ≥ 1.6×); fill+finish efficiency on 2 workers {rate['efficiency']:.0%}")
    for name, summary in (("1 worker", one), ("2 workers", two)):
        sent = summary["schedulerBytes"]
        if sent:
            moved = sent["sent"] + sent["received"]
            print(f"{name}: scheduler sent {sent['sent']:,} + received {sent['received']:,} bytes = "
                  f"{moved / grid_bytes:.4%} of the grid's bytes")
    print(f"merge input (every tile's graph): {one['mergeInputBytes']:,} bytes = "
          f"{one['mergeInputBytes'] / grid_bytes:.4%} of the grid's bytes (target < 1 %)")
    for name, summary in (("1 worker", one), ("2 workers", two)):
        print(f"{name}: " + ", ".join(f"{stage} {times['seconds']:.1f} s wall, {times['taskCpuSeconds']:.1f} s CPU"
                                       for stage, times in summary["stages"].items()))
    print(f"per-tile costs (CPU): fill {rate['fill_per_cell'] * 1e9:.1f} ns/cell, finish {rate['finish_per_cell'] * 1e9:.1f} ns/cell, "
          f"task overhead {rate['overhead_per_task']:.2f} s, merge {rate['link_seconds_per_byte'] * 1e9:.1f} ns/graph byte, "
          f"assemble {rate['assemble_per_cell'] * 1e9:.1f} ns/cell, graph {rate['graph_bytes_per_ring_cell']:.2f} bytes/ring cell")
    rows = ["| grid | cells | tiles of 4096² | workers | fill+finish | merged graph (of the grid's Int16 bytes) | merge | assemble (1 worker) | wall | efficiency | cells/core/s |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, width, height in GRIDS:
        for workers in (32, 256):
            for label, efficiency in (("measured e", rate["efficiency"]), ("ideal", 1.0)):
                p = project(rate, width, height, workers, efficiency)
                rows.append(f"| {name} | {p['cells']:.2g} | {p['tiles']:,} | {workers} ({label} {efficiency:.0%}) | "
                            f"{p['parallel'] / 3600:.2f} h | {p['graph'] / 1e9:.2f} GB ({p['graph'] / (2 * p['cells']):.2%}) | {p['link'] / 3600:.2f} h | "
                            f"{p['assemble'] / 3600:.2f} h | {p['wall'] / 3600:.2f} h | {p['efficiency']:.0%} | "
                            f"{p['cells_per_core_second'] / 1e6:.2f} M |")
    rows.append(f"| Barnes (2016) | 2×10¹² | | 48 cores | | | | | 4.8 h | ~60 % | {BARNES / 1e6:.2f} M |")
    table = "\n".join(rows)
    print(table)
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write(table + "\n")


if __name__ == "__main__":
    main()
