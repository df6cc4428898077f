"""Writes the postal-code gazetteer (geoq places TSV, row kinds Z and V) to standard output:
US ZIP codes from the PyPI package `zipcodes` (MIT), and every other country's codes that
the PyPI package `countrystatecity-postal-codes` (ODbL 1.0) gives with coordinates, with
that package's validation pattern for each country. A code's population column holds the
population of the GeoNames place its town is named like (0 when none is): it orders codes
that match a query equally ("10001" in New York before smaller towns' 10001). See data/README.md."""
import sys

import countrystatecity_postal_codes as csc
import zipcodes

from nearest_region import NearestRegion, clean, coordinate

HEADER = ["kind", "geonameid", "name", "asciiname", "alternatenames", "country", "admin1",
          "latitude", "longitude", "population", "feature", "timezone", "elevation"]
# Postal codes take ids above every GeoNames id (under 13 million today), in this order.
FIRST_ID = 1_000_000_000


def rows(regions):
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
    out.sort(key=lambda r: (r[0], r[1], r[2]))
    return out


def main():
    w = sys.stdout.write
    w("# geoq postal codes. US ZIP codes: PyPI zipcodes (MIT). Other countries: PyPI "
      "countrystatecity-postal-codes, from the countries-states-cities-database by dr5hn "
      "(https://github.com/dr5hn/countries-states-cities-database), Open Database License 1.0; "
      "this derived file is likewise under ODbL 1.0 (https://opendatacommons.org/licenses/odbl/1-0/). "
      "See data/README.md\n")
    w("\t".join(HEADER) + "\n")
    for info in sorted(csc.get_countries_with_postal_data(), key=lambda i: i.countryCode):
        if info.postalCodeRegex:
            # V: a country's validation pattern (name) and written format (asciiname).
            w("\t".join(["V", "", info.postalCodeRegex.replace("\t", " "), clean(info.postalCodeFormat),
                         "", info.countryCode] + [""] * 7) + "\n")
    seen = set()
    next_id = FIRST_ID
    regions = NearestRegion()
    for country, code, locality, aliases, admin1, lat, lon, feature, tz in rows(regions):
        if (country, code) in seen:
            continue
        seen.add((country, code))
        w("\t".join(["Z", str(next_id), clean(code), locality, ",".join(aliases), country, admin1,
                     coordinate(lat), coordinate(lon), str(regions.population(country, locality, admin1 if country == "US" else "")), feature, tz, ""]) + "\n")
        next_id += 1


if __name__ == "__main__":
    main()
