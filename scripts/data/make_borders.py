#!/usr/bin/env python3
"""Land borders between countries, from Natural Earth's 1:110m countries as GeoJSON.

Natural Earth's countries share their border vertices, so a border is a segment that two
countries' rings both hold. Coastlines (segments of one country only) are left out: the map's
tiles draw the coast at every sea level. Consecutive shared segments of one pair of countries
are joined into lines. Writes one GeoJSON Feature per pair, {"countries": [A, B]} with their
ISO 3166 alpha-3 codes (or names, where Natural Earth gives -99), coordinates to 3 decimals.

Usage: scripts/data/make_borders.py COUNTRIES.geojson OUT.geojson
"""
import json
import sys
from collections import defaultdict


def country_code(properties):
    code = properties.get("iso_a3")
    return code if code and code != "-99" else properties["name"]


def rings(geometry):
    polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    for polygon in polygons:
        yield from polygon


def main(source, target):
    countries = json.load(open(source, encoding="utf-8"))["features"]
    key = lambda point: (round(point[0], 6), round(point[1], 6))
    owners = defaultdict(set)  # an undirected segment -> the countries whose rings hold it
    for feature in countries:
        code = country_code(feature["properties"])
        for ring in rings(feature["geometry"]):
            for a, b in zip(ring, ring[1:]):
                a, b = key(a), key(b)
                if a != b:
                    owners[(min(a, b), max(a, b))].add(code)
    by_pair = defaultdict(list)
    for segment, codes in owners.items():
        if len(codes) == 2:
            by_pair[tuple(sorted(codes))].append(segment)
    features = []
    for pair in sorted(by_pair):
        # Join segments end to end into lines (each vertex of a border has at most two segments).
        neighbours = defaultdict(list)
        for a, b in by_pair[pair]:
            neighbours[a].append(b)
            neighbours[b].append(a)
        used, lines = set(), []
        starts = [p for p in sorted(neighbours) if len(neighbours[p]) != 2] + sorted(neighbours)
        for start in starts:
            for following in neighbours[start]:
                if (min(start, following), max(start, following)) in used:
                    continue
                line, previous, current = [start], start, following
                while True:
                    used.add((min(previous, current), max(previous, current)))
                    line.append(current)
                    onward = [p for p in neighbours[current] if (min(current, p), max(current, p)) not in used]
                    if len(neighbours[current]) != 2 or not onward:
                        break
                    previous, current = current, onward[0]
                lines.append([[round(x, 3), round(y, 3)] for x, y in line])
        features.append({"type": "Feature", "properties": {"countries": list(pair)},
                         "geometry": {"type": "MultiLineString", "coordinates": lines}})
    with open(target, "w", encoding="utf-8") as out:
        json.dump({"type": "FeatureCollection",
                   "source": "Natural Earth 1:110m Admin 0 countries (public domain), land borders only",
                   "features": features}, out, separators=(",", ":"), ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
