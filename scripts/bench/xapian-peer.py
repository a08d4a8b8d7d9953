"""The Lucene-class peer of `npm run bench`: Xapian (Debian's python3-xapian) on the bench's own corpus and queries.

Usage: /usr/bin/python3 xapian-peer.py CORPUS.jsonl QUERIES.json ROUNDS

CORPUS holds one post a line (id, title, subtitle, publication, body, published_at in epoch seconds or null); QUERIES
is a list of {q, terms, start, end} with the terms and time window our prepareQuery made of each query, so that both
engines are asked for the same words in the same windows. Prints one JSON line: documents, indexSeconds, peakRssMiB,
and one row per way of asking (p50/p95 in ms over ROUNDS rounds after a warm-up round, as scripts/bench/search.ts
times ours).
"""

import json
import math
import re
import sys
import tempfile
import time

import xapian

# The value slot holding published_at, sortable_serialise'd so that OP_VALUE_RANGE compares it as a number.
PUBLISHED_AT = 0
# Title above subtitle above publication and body, as our field weights rank them (wdf is an integer, so 1 is the
# floor). Positions are kept, as our tsvector keeps them.
FIELD_WEIGHTS = (('title', 5), ('subtitle', 2), ('publication', 1), ('body', 1))


def term_generator():
    generator = xapian.TermGenerator()
    # Xapian's default strategy (STEM_SOME) indexes each word as it is and its English stem prefixed with Z.
    generator.set_stemmer(xapian.Stem('english'))
    return generator


def build(path, corpus):
    database = xapian.WritableDatabase(path, xapian.DB_CREATE_OR_OVERWRITE)
    generator = term_generator()
    with open(corpus, encoding='utf-8') as lines:
        for line in lines:
            post = json.loads(line)
            document = xapian.Document()
            generator.set_document(document)
            for field, weight in FIELD_WEIGHTS:
                generator.index_text(post[field] or '', weight)
                # A gap between fields, so that a phrase never runs from one field into the next.
                generator.increase_termpos()
            if post['published_at'] is not None:
                document.add_value(PUBLISHED_AT, xapian.sortable_serialise(post['published_at']))
            document.set_data(post['id'])
            database.add_document(document)
    database.commit()
    database.close()


def stemmed_terms(terms):
    """Our terms as Xapian's indexer saw such words: the Z-prefixed stems, so a word and its inflections match."""
    document = xapian.Document()
    generator = term_generator()
    generator.set_document(document)
    generator.index_text(' '.join(terms))
    return [item.term for item in document.termlist() if item.term.startswith(b'Z')]


def search(database, query, check_at_least):
    terms = stemmed_terms(query['terms'])
    # No word left (a time phrase alone): every post in the window, as our search browses the newest.
    matched = xapian.Query(xapian.Query.OP_OR, terms) if terms else xapian.Query.MatchAll
    if query['start'] is not None:
        window = xapian.Query(
            xapian.Query.OP_VALUE_RANGE,
            PUBLISHED_AT,
            xapian.sortable_serialise(query['start']),
            xapian.sortable_serialise(query['end']),
        )
        matched = xapian.Query(xapian.Query.OP_FILTER, matched, window)
    enquire = xapian.Enquire(database)
    enquire.set_query(matched)
    enquire.set_weighting_scheme(xapian.BM25Weight())
    mset = enquire.get_mset(0, 10, check_at_least)
    # A page of ids, as a search API answers; and the count, exact only when check_at_least covers every post.
    return [hit.document.get_data() for hit in mset], mset.get_matches_estimated()


def peak_rss_kib():
    """This process's own peak RSS. getrusage's ru_maxrss would be wrong here: Linux carries the high-water mark over
    exec, so a child forked from Node starts with Node's own (480 MiB reported for a 9 MiB Python, seen here)."""
    with open('/proc/self/status', encoding='utf-8') as status:
        return int(re.search(r'VmHWM:\s+(\d+) kB', status.read()).group(1))


def percentile(ordered, p):
    """Nearest rank, as scripts/bench/load.ts computes it."""
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def timed(database, queries, rounds, check_at_least):
    times = []
    by_query = [[] for _ in queries]
    for round_ in range(rounds + 1):
        for i, query in enumerate(queries):
            started = time.perf_counter()
            search(database, query, check_at_least)
            elapsed = (time.perf_counter() - started) * 1000
            # Round 0 warms the caches and is not counted, as ours.
            if round_ > 0:
                times.append(elapsed)
                by_query[i].append(elapsed)
    times.sort()
    slowest = sorted(
        ({'q': query['q'], 'p50': percentile(sorted(by_query[i]), 50)} for i, query in enumerate(queries)),
        key=lambda row: -row['p50'],
    )[:4]
    return {'p50': percentile(times, 50), 'p95': percentile(times, 95), 'n': len(times), 'slowest': slowest}


def main():
    corpus, queries_file, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(queries_file, encoding='utf-8') as file:
        queries = json.load(file)
    with tempfile.TemporaryDirectory(prefix='xapian-peer-') as path:
        started = time.perf_counter()
        build(path, corpus)
        index_seconds = time.perf_counter() - started
        database = xapian.Database(path)
        documents = database.get_doccount()
        rows = [
            # Xapian's default: the exact top 10, pruned by each term's maximum weight; the count is an estimate.
            {'name': 'Xapian top 10', **timed(database, queries, rounds, 0)},
            # Our totalCount is exact: asking Xapian to check every post makes its count exact too.
            {'name': 'Xapian top 10, exact count', **timed(database, queries, rounds, documents)},
        ]
        database.close()
    peak_rss_mib = peak_rss_kib() / 1024
    print(json.dumps({'documents': documents, 'indexSeconds': index_seconds, 'peakRssMiB': peak_rss_mib, 'rows': rows}))


if __name__ == '__main__':
    main()
