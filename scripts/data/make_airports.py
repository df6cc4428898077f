"""Writes the airport gazetteer (geoq places TSV, row kind F) to standard output from the
PyPI package `airportsdata` (MIT): every airport with its name, IATA and ICAO codes (the
official codes, in the alternatenames column), city (asciiname column), country,
coordinates and elevation, converted from feet to metres. See data/README.md."""
import sys

import airportsdata

from nearest_region import NearestRegion, clean, coordinate

HEADER = ["kind", "geonameid", "name", "asciiname", "alternatenames", "country", "admin1",
          "latitude", "longitude", "population", "feature", "timezone", "elevation"]
# Airports take ids above the postal codes', in ICAO order.
FIRST_ID = 2_000_000_000
FOOT_METRES = 0.3048  # the international foot, exactly


def main():
    regions = NearestRegion()
    w = sys.stdout.write
    w("# geoq airports: PyPI airportsdata (https://github.com/mborsetti/airportsdata), MIT licence. "
      "Elevations converted from feet to metres. See data/README.md\n")
    w("\t".join(HEADER) + "\n")
    airports = airportsdata.load("ICAO")
    for offset, icao in enumerate(sorted(airports)):
        a = airports[icao]
        codes = [c for c in (a.get("iata"), a.get("icao")) if c]
        elevation = a.get("elevation")
        metres = "" if elevation is None else f"{float(elevation) * FOOT_METRES:.1f}"
        admin1 = regions.admin1(a["country"], a["lat"], a["lon"])
        w("\t".join(["F", str(FIRST_ID + offset), clean(a["name"]), clean(a.get("city")), ",".join(codes),
                     a["country"], admin1, coordinate(a["lat"]), coordinate(a["lon"]), "0", "AIRP",
                     a.get("tz") or "", metres]) + "\n")


if __name__ == "__main__":
    main()
