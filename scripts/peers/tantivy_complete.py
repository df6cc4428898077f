#!/usr/bin/env python3
"""Tantivy (a Lucene-class engine, in Rust) as a peer of `geoq complete` in `make bench`: the same
towns and aliases as SQLite FTS5 gets (bench_complete_fts5.load: one document a place, all its
names in one field, lower-cased and folded to ASCII), the same typed-prefix workload.

Two ways to answer a typed prefix, each ranked by population as FTS5 is:
  prefix        every word but the last as a whole term, the last as a prefix;
  prefix+fuzzy  the same, and when it finds fewer than 10 places, a fuzzy query fills the list:
                each word within one edit (words of 4 letters or more; shorter ones exact),
                the last one as a prefix within one edit.

usage: tantivy_complete.py PLACES_TSV[.gz] WORKLOAD_TSV
Prints one JSON line a way: build seconds, p50/p99 µs (best of 3 runs each, and single runs;
the Python call included, as for FTS5) and success@5 over the workload.
"""
import json
import os
import sys
import time

import tantivy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from bench_complete_fts5 import load  # noqa: E402  (the one reader of places files in scripts/)

LIMIT = 10
FUZZY_MINIMUM_LENGTH = 4


def build(rows):
    analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                .filter(tantivy.Filter.lowercase()).filter(tantivy.Filter.ascii_fold()).build())
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("names", tokenizer_name="folded")
    builder.add_unsigned_field("place", stored=True)
    builder.add_integer_field("population", fast=True)
    schema = builder.build()
    index = tantivy.Index(schema)
    index.register_tokenizer("folded", analyzer)
    writer = index.writer(heap_size=256 * 2**20, num_threads=1)
    for names, place, population in rows:
        writer.add_document(tantivy.Document(names=names, place=place, population=population))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    return schema, index, analyzer


class Completer:
    def __init__(self, schema, index, analyzer):
        self.schema, self.searcher, self.analyzer = schema, index.searcher(), analyzer

    def words(self, query):
        return [token for token in self.analyzer.analyze(query)]

    def term(self, word, last, fuzzy):
        distance = 1 if fuzzy and len(word) >= FUZZY_MINIMUM_LENGTH else 0
        if distance == 0 and not last:
            return tantivy.Query.term_query(self.schema, "names", word)
        return tantivy.Query.fuzzy_term_query(self.schema, "names", word, distance=distance, prefix=last)

    def search(self, words, fuzzy):
        clauses = [(tantivy.Occur.Must, self.term(word, index == len(words) - 1, fuzzy)) for index, word in enumerate(words)]
        hits = self.searcher.search(tantivy.Query.boolean_query(clauses), limit=LIMIT, count=False,
                                    order_by_field="population").hits
        return [self.searcher.doc(address)["place"][0] for _, address in hits]

    def complete(self, query, fill_with_fuzzy):
        words = self.words(query)
        if not words:
            return []
        places = self.search(words, fuzzy=False)
        if fill_with_fuzzy and len(places) < LIMIT:
            places += [place for place in self.search(words, fuzzy=True) if place not in places][:LIMIT - len(places)]
        return places


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def main():
    rows = load(sys.argv[1])
    start = time.perf_counter()
    completer = Completer(*build(rows))
    build_seconds = time.perf_counter() - start
    workload = []
    with open(sys.argv[2], encoding="utf-8") as lines:
        for line in lines:
            query, _, expected = line.rstrip("\n").rpartition("\t")
            workload.append((query, int(expected)))
    for name, fill in (("prefix", False), ("prefix+fuzzy", True)):
        for query, _ in workload[:2000]:
            completer.complete(query, fill)
        # Like geoq's bench and the FTS5 peer: each query runs three times and keeps its fastest run.
        best, single, found = [], [], 0
        for query, expected in workload:
            runs = []
            for _ in range(3):
                begin = time.perf_counter_ns()
                places = completer.complete(query, fill)
                runs.append((time.perf_counter_ns() - begin) / 1000)
            single.append(runs[0])
            best.append(min(runs))
            found += expected in places[:5]
        print(json.dumps({"name": f"tantivy {name}", "places": len(rows), "build_s": build_seconds, "queries": len(workload),
                          "p50_us": percentile(best, 0.5), "p99_us": percentile(best, 0.99),
                          "single_p50_us": percentile(single, 0.5), "single_p99_us": percentile(single, 0.99),
                          "success_at_5": found / len(workload)}), flush=True)


if __name__ == "__main__":
    main()
