"""How the peer steps of `make bench` print geoq beside a peer: one row a figure, the ratio,
the issue's target and, where it is missed, by how much."""


def verdict(ratio, target):
    """'ok', or 'MISSED by F×': geoq must become F times better to meet `target` (ratio: how many
    times geoq is better than the peer)."""
    if target is None:
        return "" if ratio >= 1 else "geoq SLOWER"
    if ratio >= target:
        return "ok"
    return f"MISSED by {target / ratio:.2f}×" + (" (geoq SLOWER)" if ratio < 1 else "")


def header(what, geoq, peer):
    print(f"{what:<50} {geoq:>13} {peer:>13} {'geoq better':>11}  {'target':<8} verdict")


def row(what, geoq, peer, unit, target=None, note="", higher_is_better=False):
    """geoq and peer are costs (lower is better) unless higher_is_better (throughputs); the
    ratio printed is how many times geoq is better: peer/geoq for costs, geoq/peer otherwise."""
    numerator, denominator = (geoq, peer) if higher_is_better else (peer, geoq)
    ratio = numerator / denominator if denominator > 0 else float("inf")
    goal = f"≥ {target:g}×" if target is not None else "(info)"
    print(f"{what:<50} {geoq:>10.3f} {unit:<2} {peer:>10.3f} {unit:<2} {ratio:>10.2f}×  {goal:<8} {verdict(ratio, target)}"
          + (f"  {note}" if note else ""))
