"""How the peer steps of `make bench` print geoq beside a peer: one row a figure, the ratio,
the issue's target and, where it is missed, by how much."""


def verdict(ratio, target):
    """'ok', or 'missed by F×' where geoq must become F times faster (ratio = peer / geoq)."""
    if target is None:
        return "" if ratio >= 1 else "geoq SLOWER"
    if ratio >= target:
        return "ok"
    return f"MISSED by {target / ratio:.2f}×" + (" (geoq SLOWER)" if ratio < 1 else "")


def header(what, geoq, peer):
    print(f"{what:<50} {geoq:>12} {peer:>12} {'peer/geoq':>10}  {'target':<8} verdict")


def row(what, geoq, peer, unit, target=None, note=""):
    """geoq and peer are costs (lower is better): the ratio peer/geoq is how many times geoq is faster."""
    ratio = peer / geoq if geoq > 0 else float("inf")
    goal = f"≥ {target:g}×" if target is not None else "(info)"
    print(f"{what:<50} {geoq:>10.3f} {unit:<1} {peer:>10.3f} {unit:<1} {ratio:>9.2f}×  {goal:<8} {verdict(ratio, target)}"
          + (f"  {note}" if note else ""))
