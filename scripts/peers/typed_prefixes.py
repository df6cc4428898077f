"""Prints URL-encoded typed prefixes (1 to 10 characters) of real place names from a geoq
places file, weighted towards populous places as a search box's traffic would be.

Usage: typed_prefixes.py PLACES.tsv.gz COUNT SEED
"""
import gzip
import random
import sys
import urllib.parse


def main():
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    names = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        header = None
        for line in lines:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if header is None:
                header = fields
                continue
            row = dict(zip(header, fields))
            if row.get("kind") == "P" and row.get("name"):
                names.append((int(row.get("population") or 0), row["name"]))
    names.sort(reverse=True)
    popular = [name for _, name in names[:5000]]
    generator = random.Random(seed)
    for _ in range(count):
        name = generator.choice(popular)
        prefix = name[: generator.randint(1, min(10, len(name)))]
        print(urllib.parse.quote(prefix.lower()))


if __name__ == "__main__":
    main()
