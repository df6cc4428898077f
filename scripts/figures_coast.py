"""Figures of today's coastline against published ones: run by `make figures` (and `make bench`)
against a running `geoq serve` on the embedded data (docs/flood.md, "Figures").

Usage: figures_coast.py BASE_URL [PLACES_TSV_GZ]

- Newly flooded land at +1, +2, +5 and +10 m, its resolved and modelled parts, beside about
  1.05 million km² of land under 2 m (Hooijer & Vernimmen 2021, Nature Communications 12, 3592,
  from ICESat-2 lidar) and 2.0-2.7 million km² of land under 10 m joined to the coast (the Low
  Elevation Coastal Zone, McGranahan, Balk & Anderson 2007, Environment and Urbanization 19(1)).
  Targets: within 2x at +2 m (0.53-2.10 M km²), within 1.5x at +10 m (1.33-4.05 M km²).
- People in flooded places at +1, +2 and +10 m, as geoq counts them: a district inside a larger
  listed town once, in it; people of a coarse cell by the share of its land under water.
- The share of places of 1 M people or more that answer `low` at +2 m and at today's sea level.
- Real places with published elevations (data/eval/coastal_towns.tsv), each at +0, +1 and +2 m:
  how many answers are wrong and `medium` or `high` (target: none).
"""
import gzip
import json
import sys
import urllib.request

base = sys.argv[1].rstrip("/")


def get(path):
    with urllib.request.urlopen(base + path, timeout=120) as answer:
        return json.load(answer)


print(f"{'sea level':>9}  {'newly flooded land':>19}  {'resolved':>13}  {'modelled':>13}  published, target")
published = {2: "≈1,050,000 km² under 2 m (Hooijer & Vernimmen 2021); target 530,000-2,100,000",
             10: "2.0-2.7 M km² under 10 m (LECZ, McGranahan et al. 2007); target 1,330,000-4,050,000"}
for rise in (1, 2, 5, 10):
    stats = get(f"/v1/flood?rise={rise}&limit=1")
    total, modelled = stats["newlyFloodedLandKm2"], stats.get("modelledNewlyFloodedLandKm2", 0)
    print(f"{'+%d m' % rise:>9}  {total:>15,.0f} km²  {total - modelled:>9,.0f} km²  {modelled:>9,.0f} km²  {published.get(rise, '')}")
today = get("/v1/flood?rise=0&limit=1")
print(f"land below sea level today that the sea would reach: {today.get('landBelowSeaLevelKm2', 0):,.0f} km²")
print()
for rise in (1, 2, 10):
    page = get(f"/v1/flood/places?rise={rise}&limit=1")
    print(f"+{rise} m: {page['count']:,} flooded places, {page['population']:,} people "
          f"({page['resolvedCount']:,} places and {page['resolvedPopulation']:,} people the model resolves)")
print()

cities = []
with gzip.open(sys.argv[2] if len(sys.argv) > 2 else "data/places.tsv.gz", "rt", encoding="utf-8") as gazetteer:
    header = None
    for line in gazetteer:
        if line.startswith("#"):
            continue
        fields = line.rstrip("\n").split("\t")
        if header is None:
            header = fields
            continue
        row = dict(zip(header, fields))
        if row.get("kind") == "P" and row.get("population") and int(row["population"]) >= 1_000_000:
            cities.append(row)
low = {0: 0, 2: 0}
for city in cities:
    for rise in low:
        point = get(f"/v1/flood/point?lat={city['latitude']}&lon={city['longitude']}&rise={rise}")
        if point.get("confidence", {}).get("level") == "low":
            low[rise] += 1
print(f"places of 1 M people or more: {len(cities)}; answering low at +2 m: {low[2]} ({100 * low[2] / len(cities):.0f} %), "
      f"at +0 m: {low[0]} ({100 * low[0] / len(cities):.0f} %)")

wrong, judged, sure = [], 0, 0
with open("data/eval/coastal_towns.tsv", encoding="utf-8") as towns:
    for line in towns:
        if line.startswith("#") or not line.strip():
            continue
        name, lat, lon, lowest, highest, defended = line.rstrip("\n").split("\t")
        for rise in (0, 1, 2):
            point = get(f"/v1/flood/point?lat={lat}&lon={lon}&rise={rise}")
            judged += 1
            level = point.get("confidence", {}).get("level")
            if level == "low":
                continue
            sure += 1
            water = point.get("underWaterAtRise", False)
            sea = point.get("today") == "sea"
            if sea or (water and float(lowest) > rise) or (not water and float(highest) < rise and defended != "yes"):
                wrong.append(f"{name} at +{rise} m: {point.get('answer')} ({level})")
print(f"real places with published elevations: {judged} answers, {sure} medium or high, {len(wrong)} of them wrong")
for line in wrong:
    print("  " + line)
