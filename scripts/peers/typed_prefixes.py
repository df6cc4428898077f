"""Prints URL-encoded typed prefixes (1 to 10 characters) of real place names from a geoq
places file, drawn from the 5,000 most populous places as a search box's traffic would be.

Usage: typed_prefixes.py PLACES.tsv.gz COUNT SEED
"""
import os
import random
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bench_complete_fts5 import load  # noqa: E402  (the one reader of places files in scripts/)


def main():
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    places = sorted(load(path), key=lambda row: -row[2])[:5000]
    titles = [names.split(" | ")[0] for names, _, _ in places]
    generator = random.Random(seed)
    for _ in range(count):
        name = generator.choice(titles)
        print(urllib.parse.quote(name[: generator.randint(1, min(10, len(name)))].lower()))


if __name__ == "__main__":
    main()
