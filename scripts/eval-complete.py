#!/usr/bin/env python3
"""hit@1 and hit@5 of geoq's completion on an evaluation file (data/eval/geocoder_cases.tsv by
default): one `geoq complete - --format json` per near point, or GET /v1/complete of a running
`geoq serve` with --url. Expected answers: a GeoNames (or geoq) id, postcode:CC:CODE or
airport:IATA. Prints each miss and the figures per category.

    python3 scripts/eval-complete.py [FILE] [--geoq PATH] [--url http://localhost:8080]
"""
import argparse, collections, json, subprocess, sys, urllib.parse, urllib.request

parser = argparse.ArgumentParser()
parser.add_argument("file", nargs="?", default="data/eval/geocoder_cases.tsv")
parser.add_argument("--geoq", default=".build/release/geoq", help="the geoq binary; its caches go where XDG_CACHE_HOME says")
parser.add_argument("--url")
args = parser.parse_args()

rows = []
with open(args.file, encoding="utf-8") as f:
    next(f)
    for number, line in enumerate(f, 2):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 5:
            sys.exit(f"{args.file}:{number}: expected 5 tab-separated fields or more, got {len(fields)}")
        rows.append(fields)

def matches(expected, suggestion):
    if expected.startswith("airport:"):
        return suggestion.get("kind") == "airport" and suggestion.get("code") == expected[8:]
    if expected.startswith("postcode:"):
        _, country, code = expected.split(":", 2)
        return suggestion.get("kind") == "postcode" and suggestion.get("title") == code
    return str(suggestion.get("id")) == expected

answers = {}
if args.url:
    for query, lat, lon, *_ in rows:
        params = {"q": query, "limit": "5"}
        if lat and lon: params["near"] = f"{lat},{lon}"
        with urllib.request.urlopen(args.url + "/v1/complete?" + urllib.parse.urlencode(params)) as response:
            answers[(query, lat, lon)] = json.load(response)["completions"]
else:
    groups = collections.defaultdict(list)
    for query, lat, lon, *_ in rows: groups[(lat, lon)].append(query)
    for (lat, lon), queries in groups.items():
        command = [args.geoq, "complete", "-", "--limit", "5", "--format", "json", "--on-demand", "none"]
        if lat and lon: command += ["--near", f"{lat},{lon}"]
        out = subprocess.run(command, input="\n".join(queries) + "\n", capture_output=True, text=True, check=True).stdout
        for query, line in zip(queries, out.strip().split("\n")):
            answers[(query, lat, lon)] = json.loads(line)["completions"]

totals = collections.defaultdict(lambda: [0, 0, 0])
for query, lat, lon, expected, category, *note in rows:
    got = answers[(query, lat, lon)]
    hit = [matches(expected, s) for s in got[:5]]
    total = totals[category]
    total[0] += 1
    total[1] += bool(hit[:1] and hit[0])
    total[2] += any(hit)
    if not (hit[:1] and hit[0]):
        first = got[0]["title"] + ", " + got[0]["subtitle"] if got else "nothing"
        print(f"{'top-5' if any(hit) else 'MISS '}  {query!r}: {first} first; expected {expected} ({note[0] if note else ''})")
rows_count = sum(t[0] for t in totals.values())
for category, (n, at1, at5) in sorted(totals.items()):
    print(f"{category:14} {n:3} rows  hit@1 {at1 / n:.3f}  hit@5 {at5 / n:.3f}")
print(f"{'all':14} {rows_count:3} rows  hit@1 {sum(t[1] for t in totals.values()) / rows_count:.3f}  hit@5 {sum(t[2] for t in totals.values()) / rows_count:.3f}")
