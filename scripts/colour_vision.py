#!/usr/bin/env python3
"""Are geoq's map classes told apart without full colour vision?

Reads the palette the service serves (GET /v1/palette, the one source of the tiles', globe's and
legend's colours), simulates protanopia, deuteranopia and tritanopia with the matrices of
Machado, Oliveira & Fernandes (2009, IEEE TVCG 15(6), severity 1.0, applied in linear sRGB), and
prints the CIEDE2000 colour difference of every pair of colours that belong to different classes:
the three flat classes (newly flooded land, isolated lowland, exposed sea floor) and samples of the
land and sea ramps at the heights and depths a map mostly shows. Pairs within one ramp are not
compared: they are one class.

    python3 scripts/colour_vision.py --url http://127.0.0.1:8080 [--min-delta-e 20]

With --min-delta-e it exits 1 when any pair under any vision falls below it.
"""
import argparse
import json
import math
import sys
import urllib.request

MACHADO_2009 = {
    "normal": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}
# Ramp samples: the heights and depths (metres) of most of the land and sea a map shows.
LAND_SAMPLES = [0, 200, 600, 1500]
SEA_SAMPLES = [0, 200, 1000, 4000]


def to_linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c):
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(rgb, matrix):
    linear = [to_linear(c) for c in rgb]
    return [to_srgb(sum(matrix[i][j] * linear[j] for j in range(3))) for i in range(3)]


def lab(rgb):
    r, g, b = (to_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(lab1, lab2):
    """CIEDE2000 (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cbar = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if C1p else 0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if C2p else 0
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lbar, Cbarp = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hbarp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbarp = (h1p + h2p) / 2
    else:
        hbarp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hbarp - 30)) + 0.24 * math.cos(math.radians(2 * hbarp))
         + 0.32 * math.cos(math.radians(3 * hbarp + 6)) - 0.20 * math.cos(math.radians(4 * hbarp - 63)))
    dtheta = 30 * math.exp(-(((hbarp - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cbarp ** 7 / (Cbarp ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lbar - 50) ** 2 / math.sqrt(20 + (Lbar - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cbarp, 1 + 0.015 * Cbarp * T
    Rt = -math.sin(math.radians(2 * dtheta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def hex_rgb(text):
    return [int(text[i:i + 2], 16) for i in (1, 3, 5)]


def ramp(stops, value, key):
    """The palette's linear ramp between stops, as FloodPalette.ramp computes it (rounded)."""
    if value <= stops[0][key]:
        return hex_rgb(stops[0]["colour"])
    for low, high in zip(stops, stops[1:]):
        if value <= high[key]:
            t = (value - low[key]) / (high[key] - low[key])
            a, b = hex_rgb(low["colour"]), hex_rgb(high["colour"])
            return [math.floor(a[i] + (b[i] - a[i]) * t + 0.5) for i in range(3)]  # halves up, as Swift's rounded()
    return hex_rgb(stops[-1]["colour"])


def swatches(palette):
    """(class, label, rgb) for the flat classes and the ramp samples."""
    flat = {c["class"]: c for c in palette["classes"]}
    result = [(name, flat[name]["name"], hex_rgb(flat[name]["colour"])) for name in ("newlyFlooded", "isolatedLowland", "exposedSeaFloor")]
    result += [("dryLand", f"land {m} m", ramp(palette["landRamp"], m, "elevationM")) for m in LAND_SAMPLES]
    result += [("sea", f"sea {m} m deep", ramp(palette["seaRamp"], m, "depthM")) for m in SEA_SAMPLES]
    return result


def differences(palette):
    """{vision: [(ΔE, label a, label b)]} for every pair of swatches of different classes."""
    entries = swatches(palette)
    table = {}
    for vision, matrix in MACHADO_2009.items():
        seen = [(cls, label, lab(simulate(rgb, matrix))) for cls, label, rgb in entries]
        table[vision] = sorted((ciede2000(a[2], b[2]), a[1], b[1]) for i, a in enumerate(seen) for b in seen[i + 1:] if a[0] != b[0])
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="a live geoq; reads /v1/palette")
    source.add_argument("--palette", help="a saved /v1/palette answer")
    parser.add_argument("--min-delta-e", type=float, help="fail when any pair is closer than this")
    parser.add_argument("--pairs", type=int, default=5, help="closest pairs to list per vision")
    args = parser.parse_args()
    if args.url:
        with urllib.request.urlopen(args.url.rstrip("/") + "/v1/palette", timeout=30) as response:
            palette = json.load(response)
    else:
        with open(args.palette) as file:
            palette = json.load(file)
    table = differences(palette)
    failed = False
    print(f"{'vision':<13} {'min ΔE2000':>10}  closest pairs")
    for vision, pairs in table.items():
        closest = "; ".join(f"{a} / {b} {d:.1f}" for d, a, b in pairs[:args.pairs])
        print(f"{vision:<13} {pairs[0][0]:>10.1f}  {closest}")
        if args.min_delta_e is not None and pairs[0][0] < args.min_delta_e:
            failed = True
    if failed:
        print(f"colour vision check FAILED: some classes are closer than ΔE2000 {args.min_delta_e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
