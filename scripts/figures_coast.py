"""Figures of today's coastline against published ones (issue: today's coastline): run by
`make figures` against a running `geoq serve` on the embedded data. No targets: the figures are
reported beside the published ones.

Usage: figures_coast.py BASE_URL

- Newly flooded land at +1, +2, +5 and +10 m, beside about 1.05 million km² of land under 2 m
  (Hooijer & Vernimmen 2021, Nature Communications 12, 3592, from ICESat-2 lidar) and the Low
  Elevation Coastal Zone's 2 % of the world's land under 10 m (McGranahan, Balk & Anderson 2007,
  Environment and Urbanization 19(1)).
- People in flooded places at +1 and +2 m, a district inside a larger listed city counted once:
  a flooded place within 20 km of a larger flooded place of 1 M people or more, or within 10 km
  of one of 100,000 or more, is taken as part of it (GeoNames lists Brooklyn and Queens beside
  New York City).
- How many places of 1 M people or more the model cannot tell about (confidence low) at +2 m,
  and at today's sea level.
"""
import json
import math
import sys
import urllib.request

base = sys.argv[1].rstrip("/")


def get(path):
    with urllib.request.urlopen(base + path, timeout=120) as answer:
        return json.load(answer)


def distance_km(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a["latitude"], a["longitude"], b["latitude"], b["longitude"]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def flooded_places(rise):
    places, offset = [], 0
    while True:
        page = get(f"/v1/flood/places?rise={rise}&limit=1000&offset={offset}")
        places += page["places"]
        offset += len(page["places"])
        if offset >= page["count"] or not page["places"]:
            return page, places


def once_per_city(places):
    # Only counted places of 100,000 or more can hold a district: compared with those alone.
    bigs, count, total = [], 0, 0
    for place in sorted(places, key=lambda p: -p["population"]):
        inside = any(
            (big["population"] >= 1_000_000 and distance_km(big, place) <= 20)
            or distance_km(big, place) <= 10
            for big in bigs if big["population"] > place["population"])
        if not inside:
            count += 1
            total += place["population"]
            if place["population"] >= 100_000:
                bigs.append(place)
    return total, count


land = get("/v1/flood?rise=0&limit=1")["landKm2"]
print(f"{'sea level':>10}  {'newly flooded land':>20}  {'% of land':>9}  published")
for rise in (1, 2, 5, 10):
    stats = get(f"/v1/flood?rise={rise}&limit=1")
    note = {2: "≈1,050,000 km² under 2 m (Hooijer & Vernimmen 2021)", 10: "≈2 % of land under 10 m (LECZ, McGranahan et al. 2007)"}.get(rise, "")
    print(f"{'+%d m' % rise:>10}  {stats['newlyFloodedLandKm2']:>17,.0f} km²  {100 * stats['newlyFloodedLandKm2'] / land:>8.2f}%  {note}")
below = get("/v1/flood?rise=0&limit=1")["landBelowSeaLevelKm2"]
print(f"land below sea level today that the sea would reach: {below:,.0f} km²")
print()
for rise in (1, 2):
    page, places = flooded_places(rise)
    people, cities = once_per_city(places)
    resolved = [p for p in places if p.get("confidence", {}).get("level") != "low"]
    resolved_people, _ = once_per_city(resolved)
    print(f"+{rise} m: {page['count']:,} flooded places, {page['population']:,} people as listed; "
          f"{people:,} people with districts counted once ({cities:,} places); "
          f"of them {resolved_people:,} in places the model can resolve")
print()
# Every city of 1 M people or more in the gazetteer, and whether the model can tell if it is
# under water at +2 m: low when +2 m lies within ±u of its level (the answer's uncertaintyM).
import gzip
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
    point = get(f"/v1/flood/point?lat={city['latitude']}&lon={city['longitude']}")
    level, u = point.get("spillLevelM"), point.get("uncertaintyM")
    if point.get("today") == "sea" or level is None or u is None:
        continue
    unresolved = "holds sea and land" in point.get("confidence", {}).get("reason", "")
    for rise in low:
        if unresolved or abs(rise - level) < u:
            low[rise] += 1
print(f"cities of 1 M people or more: {len(cities)}; the model cannot tell (confidence low) "
      f"whether {low[2]} are under water at +2 m, and {low[0]} at today's sea level")
