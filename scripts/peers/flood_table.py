"""Prints one grid's flooding figures from bench-peers-flood.sh side by side (FIGURES.jsonl:
geoq's whole-process seconds, then flood_field.py's lines)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from side_by_side import header, row  # noqa: E402

RICHDEM_TARGET = 3  # issue 26: geoq's whole process ≥ 3× faster than RichDEM's compute alone

records = [json.loads(line) for line in open(sys.argv[1])]
geoq = records[0]
peers = {record["name"]: record for record in records[1:]}
cells = geoq["cells"]
names = {"etopo5": "ETOPO5", "x4": "4× ETOPO5 (nearest)"}
print(f"-- {names.get(geoq['grid'], geoq['grid'])}: {cells / 1e6:.1f} M cells, border-seeded, no wrap; "
      "geoq: whole process (read, flood, write), peers: compute alone")
header("", "geoq", "peer")


def agreement(record):
    share = record["differ"] / cells
    return "equal cell for cell" if record["differ"] == 0 else f"differs on {record['differ']:,} cells ({share:.1%})"


for name, label, target in (("richdem", "RichDEM FillDepressions", RICHDEM_TARGET),
                            ("whitebox", "WhiteboxTools fill_depressions", None),
                            ("pyflwdir", "pyflwdir fill_depressions", None)):
    peer = peers[name]
    note = agreement(peer) + (f"; {peer['setting']}" if "setting" in peer else "")
    row(f"{label} vs geoq in memory", geoq["monolithic"], peer["seconds"], "s", target, note)
    row(f"{label} vs geoq --tiled", geoq["tiled"], peer["seconds"], "s", target)
for name in ("whitebox_as_given", "whitebox_flat"):
    if name in peers:
        print(f"   WhiteboxTools with {peers[name]['setting']}: {agreement(peers[name])} ({peers[name]['seconds']:.2f} s)")
# The target is per grid: geoq's faster way of building it (in memory, or tiled past memory).
fastest = min(("in memory", geoq["monolithic"]), ("--tiled", geoq["tiled"]), key=lambda mode: mode[1])
ratio = peers["richdem"]["seconds"] / fastest[1]
verdict = "met" if ratio >= RICHDEM_TARGET else f"MISSED by {RICHDEM_TARGET / ratio:.2f}×"
print(f"   target on this grid: geoq's faster way ({fastest[0]}, {fastest[1]:.3f} s) is {ratio:.2f}× RichDEM's compute "
      f"(≥ {RICHDEM_TARGET}×): {verdict}")
