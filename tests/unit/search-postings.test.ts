/**
 * The postings in memory (lib/search/postings): reading PostgreSQL's text of a tsvector, and the index that ranks and
 * counts from it. The index must answer exactly as the SQL ranking does (lib/search/lexical/rank.ts, scorePosts):
 * each held term adds idf × (1 + its quantized weight), ties go to the newest post (undated last), then the lower id.
 * Hand-built rows pin each rule; a brute-force scorer checks the whole on a random corpus changed in every way the
 * live index is (bulk load, appended posts, replaced posts, removed posts, rebuilds).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '@/lib/search/analysis/document';
import { QUANTA_PER_UNIT, termWeight } from '@/lib/search/analysis/ts-rank';
import {
  type IndexedPostRow,
  PostingsIndex,
  type PostingsResult,
  type PostingsScope,
  type PostingsTerm,
} from '@/lib/search/postings/postings-index';
import { decodeSnapshot, encodeSnapshot, UnusableSnapshot } from '@/lib/search/postings/snapshot';
import { parseTsvectorText } from '@/lib/search/postings/tsvector-text';
import { createPrng } from '@/tests/fixtures/torture/create-prng';
import { hostilePost, language } from '@/tests/helpers/hostile-text';

const DAY_US = 86_400_000_000;
const EVERYWHERE: PostingsScope = { range: null, publications: null };
const LABEL_LETTER = ['', 'C', 'B', 'A'];

const post = (
  id: string,
  vector: string,
  options: { publication?: string; us?: number | null } = {},
): IndexedPostRow => ({
  id,
  publication_id: options.publication ?? 'pub-a',
  published_us: options.us === undefined ? 0 : options.us,
  vector,
});
const term = (idf: number, ...lexemes: string[]): PostingsTerm => ({ idf, lexemes });
/** What a held term adds to a score, as the SQL ranking computes it. */
const adds = (idf: number, labels: number[], length: number) =>
  idf * (1 + Math.floor(termWeight(labels, length) * QUANTA_PER_UNIT) / QUANTA_PER_UNIT);
const ids = (result: PostingsResult) => result.top.map((hit) => hit.postId);
const indexOf = (rows: IndexedPostRow[]) => {
  const index = new PostingsIndex();
  index.upsert(rows);
  return index;
};

describe('parseTsvectorText', () => {
  it('reads lexemes with doubled quotes and backslashes as tsvectorout writes them', () => {
    // PostgreSQL prints the lexemes ', a\'b, back\slash and it's so.
    const text = String.raw`'''' 'a\\''b':7 'back\\slash':2 'it''s':1A`;
    expect(parseTsvectorText(text).entries).toEqual([
      { lexeme: "'", labels: [] },
      { lexeme: "a\\'b", labels: [0] },
      { lexeme: 'back\\slash', labels: [0] },
      { lexeme: "it's", labels: [3] },
    ]);
  });

  it('reads doubled quotes the same way when no backslash is in the text (its fast path)', () => {
    const text = "'''' 'a''b':7 'it''s':1A 'o''''':2,3B";
    expect(parseTsvectorText(text, { positions: true }).entries).toEqual([
      { lexeme: "'", labels: [], positions: [] },
      { lexeme: "a'b", labels: [0], positions: [7] },
      { lexeme: "it's", labels: [3], positions: [1] },
      { lexeme: "o''", labels: [0, 2], positions: [2, 3] },
    ]);
  });

  it('reads only the lexemes asked for, stepping over the others, on either path', () => {
    const plain = "'apple':1A,5 'it''s':2 'pie':3B 'rate' 'zebra':9";
    const only = new Set(["it's", 'rate', 'zebra', 'absent']);
    expect(parseTsvectorText(plain, { only, positions: true }).entries).toEqual([
      { lexeme: "it's", labels: [0], positions: [2] },
      { lexeme: 'rate', labels: [], positions: [] },
      { lexeme: 'zebra', labels: [0], positions: [9] },
    ]);
    const escaped = String.raw`'a\\b':1 'it''s':2 'pie':3B`;
    expect(parseTsvectorText(escaped, { only: new Set(['pie', 'a\\b']) }).entries).toEqual([
      { lexeme: 'a\\b', labels: [0] },
      { lexeme: 'pie', labels: [2] },
    ]);
  });

  it('reads the labels A, B, C and the unlabelled D of every position, in position order', () => {
    const { entries, length } = parseTsvectorText("'rate':1A,4,9B,12C,13A 'fed':2");
    expect(entries).toEqual([
      { lexeme: 'rate', labels: [3, 0, 2, 1, 3] },
      { lexeme: 'fed', labels: [0] },
    ]);
    expect(length).toBe(6);
  });

  it('reads lexemes of any script, emoji and accents as they are', () => {
    const text = "'-0.3%':9 'nestlé':5,6B 'نفط':4 '❤️':1A '👨‍👩‍👧‍👦':8 '日本銀行':2C,3";
    expect(parseTsvectorText(text).entries.map((e) => [e.lexeme, e.labels])).toEqual([
      ['-0.3%', [0]],
      ['nestlé', [0, 2]],
      ['نفط', [0]],
      ['❤️', [3]],
      ['👨‍👩‍👧‍👦', [0]],
      ['日本銀行', [1, 0]],
    ]);
  });

  it('counts the positions as the document length, a lexeme stored without positions as one (cnt_length)', () => {
    expect(parseTsvectorText("'a':1,2,3 'b':4A 'c'").length).toBe(5);
    expect(parseTsvectorText('')).toEqual({ entries: [], length: 0 });
  });

  it('refuses text that is not a tsvector', () => {
    expect(() => parseTsvectorText("'open")).toThrow(/unterminated/);
    expect(() => parseTsvectorText('bare:1')).toThrow(/unexpected/);
  });

  it('gives every lexeme of an analysed document the weight the indexer computed from it', () => {
    // analyzeDocument's own vector text (lexemes never hold a backslash, so it is written as tsvectorout would).
    fc.assert(
      fc.property(hostilePost, language, (fields, lang) => {
        const document = analyzeDocument(fields, lang);
        const { entries, length } = parseTsvectorText(document.vector);
        expect(new Map(entries.map((e) => [e.lexeme, termWeight(e.labels, length)]))).toEqual(document.weights);
        // Asking for some lexemes (and one the post lacks) gives exactly their entries of the whole reading.
        const only = new Set([...entries.filter((_, i) => i % 3 === 0).map((e) => e.lexeme), 'absent-lexeme']);
        const all = parseTsvectorText(document.vector, { positions: true }).entries;
        expect(parseTsvectorText(document.vector, { positions: true, only }).entries).toEqual(
          all.filter((e) => only.has(e.lexeme)),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('PostingsIndex on hand-built rows', () => {
  it('ranks by score, then newest, undated last, then id, and keeps the best k', () => {
    const inTitle = "'apple':1A 'pie':2";
    const index = indexOf([
      post('b-new', inTitle, { us: 3 * DAY_US }),
      post('a-new', inTitle, { us: 3 * DAY_US }),
      post('c-undated', inTitle, { us: null }),
      post('d-old', inTitle, { us: 1 * DAY_US }),
      // The newest, but the word is only in its body.
      post('e-body', "'apple':2 'tart':1A", { us: 9 * DAY_US }),
    ]);
    const query = [term(1.5, 'apple')];
    const all = index.rank(query, EVERYWHERE, 10, 0);
    expect(ids(all)).toEqual(['a-new', 'b-new', 'd-old', 'c-undated', 'e-body']);
    expect(all.top.map((hit) => hit.score)).toEqual([...Array(4).fill(adds(1.5, [3], 2)), adds(1.5, [0], 2)]);
    expect(all.top.map((hit) => hit.publishedUs)).toEqual([3 * DAY_US, 3 * DAY_US, DAY_US, null, 9 * DAY_US]);
    expect(all.top[0]).toMatchObject({ matched: 1, matchedIdf: 1.5 });
    for (const k of [1, 2, 3, 4]) expect(ids(index.rank(query, EVERYWHERE, k, 0))).toEqual(ids(all).slice(0, k));
    // No page at all still counts every match.
    expect(index.rank(query, EVERYWHERE, 0, 0)).toEqual({ top: [], matches: 5, holdingAny: 5 });
  });

  it('ties posts whose weights fall in the same quantum: the newer first, not the heavier', () => {
    // One body occurrence in documents of 100 and 101 positions: raw weights apart, quantized weights equal.
    const filler = (n: number) => `'filler':${Array.from({ length: n }, (_, i) => i + 2).join(',')}`;
    expect(termWeight([0], 100)).toBeGreaterThan(termWeight([0], 101));
    expect(adds(1, [0], 100)).toBe(adds(1, [0], 101));
    const index = indexOf([
      post('heavier-older', `'apple':1 ${filler(99)}`, { us: DAY_US }),
      post('lighter-newer', `'apple':1 ${filler(100)}`, { us: 2 * DAY_US }),
    ]);
    expect(ids(index.rank([term(1, 'apple')], EVERYWHERE, 10, 0))).toEqual(['lighter-newer', 'heavier-older']);
  });

  it('counts a term of several lexemes once per post, at the largest weight among them', () => {
    const index = indexOf([
      post('both', "'run':1 'running':2A 'x':3"),
      post('run', "'run':1A 'x':2"),
      post('running', "'running':1 'x':2"),
    ]);
    const result = index.rank([term(2, 'run', 'running')], EVERYWHERE, 10, 0);
    const both = result.top.find((hit) => hit.postId === 'both')!;
    expect(both).toMatchObject({ matched: 1, matchedIdf: 2, score: adds(2, [3], 3) });
    expect(result.top.find((hit) => hit.postId === 'running')!.score).toBe(adds(2, [0], 2));
    expect(result).toMatchObject({ matches: 3, holdingAny: 3 });
    // As two terms, the same post holds both and scores each.
    const apart = index.rank([term(2, 'run'), term(2, 'running')], EVERYWHERE, 10, 0);
    expect(apart.top.find((hit) => hit.postId === 'both')).toMatchObject({
      matched: 2,
      matchedIdf: 4,
      score: adds(2, [0], 3) + adds(2, [3], 3),
    });
  });

  it('keeps in the top k and in matches only posts whose held idf reaches minMatchedIdf', () => {
    const index = indexOf([
      post('rare', "'rare':1"),
      post('common', "'common':1A"),
      post('both', "'rare':2 'common':1"),
      post('neither', "'other':1"),
    ]);
    const query = [term(3, 'rare'), term(0.5, 'common')];
    const result = index.rank(query, EVERYWHERE, 10, 1);
    // "common" alone scores more than "rare" alone would need, but carries too little of the query.
    expect(ids(result).sort()).toEqual(['both', 'rare']);
    expect(result.matches).toBe(2);
    expect(result.holdingAny).toBe(3);
    expect(result.top.find((hit) => hit.postId === 'both')).toMatchObject({ matched: 2, matchedIdf: 3.5 });
    expect(index.rank(query, EVERYWHERE, 10, 0).matches).toBe(3);
    expect(index.rank(query, EVERYWHERE, 10, 3.5).matches).toBe(1);
  });

  it('searches a window from its start, inclusive, to its end, exclusive; an undated post is in no window', () => {
    const start = 10 * DAY_US;
    const end = 17 * DAY_US;
    const index = indexOf([
      post('before', "'oil':1", { us: start - 1 }),
      post('at-start', "'oil':1", { us: start }),
      post('inside', "'oil':1", { us: start + DAY_US }),
      post('last', "'oil':1", { us: end - 1 }),
      post('at-end', "'oil':1", { us: end }),
      post('undated', "'oil':1", { us: null }),
    ]);
    const query = [term(1, 'oil')];
    const week = index.rank(query, { range: { startUs: start, endUs: end }, publications: null }, 10, 0);
    expect(ids(week)).toEqual(['last', 'inside', 'at-start']);
    expect(week).toMatchObject({ matches: 3, holdingAny: 3 });
    const always = { range: { startUs: Number.MIN_SAFE_INTEGER, endUs: Number.MAX_SAFE_INTEGER }, publications: null };
    expect(ids(index.rank(query, always, 10, 0))).not.toContain('undated');
    expect(index.rank(query, always, 10, 0).matches).toBe(5);
    expect(index.rank(query, EVERYWHERE, 10, 0).matches).toBe(6);
  });

  it('searches only the publications asked for', () => {
    const index = indexOf([
      post('a1', "'oil':1", { publication: 'pub-a', us: 3 }),
      post('b1', "'oil':1", { publication: 'pub-b', us: 2 }),
      post('c1', "'oil':1", { publication: 'pub-c', us: 1 }),
    ]);
    const among = (publications: string[]) => index.rank([term(1, 'oil')], { range: null, publications }, 10, 0);
    expect(ids(among(['pub-c', 'pub-a']))).toEqual(['a1', 'c1']);
    expect(among(['pub-c', 'pub-a'])).toMatchObject({ matches: 2, holdingAny: 2 });
    expect(among(['unknown'])).toEqual({ top: [], matches: 0, holdingAny: 0 });
    expect(among([])).toEqual({ top: [], matches: 0, holdingAny: 0 });
    // Both filters at once.
    const scope = { range: { startUs: 2, endUs: 4 }, publications: ['pub-b', 'pub-c'] };
    expect(ids(index.rank([term(1, 'oil')], scope, 10, 0))).toEqual(['b1']);
  });

  it('forgets a removed post', () => {
    const index = indexOf([post('kept', "'oil':1", { us: 1 }), post('gone', "'oil':1", { us: 2 })]);
    index.remove('gone');
    index.remove('gone');
    index.remove('never-there');
    expect(index.size).toBe(1);
    expect(index.has('gone')).toBe(false);
    expect(index.rank([term(1, 'oil')], EVERYWHERE, 10, 0)).toMatchObject({ matches: 1, holdingAny: 1 });
    expect(ids(index.rank([term(1, 'oil')], EVERYWHERE, 10, 0))).toEqual(['kept']);
  });

  it('replaces a post on upsert: its old postings, date and publication no longer count', () => {
    const index = indexOf([
      post('x', "'apple':1A 'old':2", { publication: 'pub-a', us: DAY_US }),
      post('y', "'apple':3"),
    ]);
    index.upsert([post('x', "'apple':5 'banana':1A", { publication: 'pub-b', us: 5 * DAY_US })]);
    expect(index.size).toBe(2);
    expect(index.rank([term(1, 'old')], EVERYWHERE, 10, 0)).toEqual({ top: [], matches: 0, holdingAny: 0 });
    // Once, at its new (body) weight, not also at its old title weight.
    const apple = index.rank([term(1, 'apple')], EVERYWHERE, 10, 0);
    expect(apple.holdingAny).toBe(2);
    expect(apple.top.find((hit) => hit.postId === 'x')).toMatchObject({
      score: adds(1, [0], 2),
      publishedUs: 5 * DAY_US,
    });
    const inA = index.rank([term(1, 'apple')], { range: null, publications: ['pub-a'] }, 10, 0);
    expect(ids(inA)).toEqual(['y']);
    const window = { range: { startUs: 4 * DAY_US, endUs: 6 * DAY_US }, publications: ['pub-b'] };
    expect(ids(index.rank([term(1, 'banana')], window, 10, 0))).toEqual(['x']);
  });

  it('answers the same after a rebuild folds the appended postings in', () => {
    const index = indexOf([post('p1', "'oil':1A 'gas':2", { us: 1 }), post('p2', "'oil':2 'gas':1A", { us: 2 })]);
    index.upsert([post('p3', "'oil':1,2", { us: 3 }), post('p1', "'gas':1", { us: 4 })]);
    index.remove('p2');
    const queries = [[term(1, 'oil')], [term(2, 'gas'), term(1, 'oil')], [term(1, 'oil', 'gas')]];
    const before = queries.map((query) => index.rank(query, EVERYWHERE, 10, 0));
    index.rebuild();
    expect(queries.map((query) => index.rank(query, EVERYWHERE, 10, 0))).toEqual(before);
    expect(ids(before[0]!)).toEqual(['p3']);
  });

  it("keeps each search's accumulations its own, and reads the postings again once they change", () => {
    const index = indexOf([post('p1', "'oil':1A 'gas':2", { us: 1 }), post('p2', "'oil':2 'gas':1A", { us: 2 })]);
    const oil = [term(1, 'oil')];
    const gas = [term(2, 'gas'), term(1, 'oil')];
    const first = index.forSearch();
    const second = index.forSearch();
    // Interleaved as concurrent searches run: each answers as the index does on its own.
    const oilFirst = first.rank(oil, EVERYWHERE, 10, 0);
    expect(second.rank(gas, EVERYWHERE, 10, 0)).toEqual(index.rank(gas, EVERYWHERE, 10, 0));
    expect(first.rank(oil, EVERYWHERE, 1, 0)).toEqual({ ...oilFirst, top: oilFirst.top.slice(0, 1) });
    // A phrase bonus kept by one search is not another's, and goes when the postings change.
    first.phraseBonuses(gas).set('p1', 5);
    expect(second.phraseBonuses(gas).has('p1')).toBe(false);
    expect(first.phraseBonuses(gas).get('p1')).toBe(5);
    index.upsert([post('p3', "'oil':1,2,3", { us: 3 })]);
    expect(first.phraseBonuses(gas).has('p1')).toBe(false);
    expect(ids(first.rank(oil, EVERYWHERE, 10, 0))).toEqual(ids(index.rank(oil, EVERYWHERE, 10, 0)));
    expect(ids(first.rank(oil, EVERYWHERE, 10, 0))).toContain('p3');
  });

  it('loads posts in bulk, searchable after rebuild as if upserted, and changes them after', () => {
    const rows = [
      post('p1', "'oil':1A 'gas':2", { us: 1, publication: 'pub-b' }),
      post('p2', "'oil':2 'gas':1A", { us: 2 }),
      post('p3', "'coal':1 'oil':2,3B", { us: null }),
    ];
    const bulk = new PostingsIndex();
    bulk.addBulk(rows);
    bulk.rebuild();
    const upserted = indexOf(rows);
    expect(bulk.size).toBe(3);
    const queries = [[term(1, 'oil')], [term(2, 'gas'), term(1, 'oil')], [term(1, 'coal', 'gas')]];
    for (const query of queries) {
      expect(bulk.rank(query, EVERYWHERE, 10, 0)).toEqual(upserted.rank(query, EVERYWHERE, 10, 0));
    }
    bulk.upsert([post('p1', "'coal':1", { us: 5 })]);
    bulk.remove('p3');
    expect(ids(bulk.rank([term(1, 'oil')], EVERYWHERE, 10, 0))).toEqual(['p2']);
    expect(ids(bulk.rank([term(1, 'coal')], EVERYWHERE, 10, 0))).toEqual(['p1']);
  });

  it('finds a rare lexeme across gaps of 65,535 posts and more (kept whole, not as a 16-bit gap), also from a state', () => {
    // 'rare' at ordinals 0, 65,534 (a gap that fits), 131,069 (a gap of 65,535: the first that does not) and 200,000;
    // 'oil' in every post, so that the ordinals around them are gaps of 1.
    const rareAt = new Set([0, 65_534, 131_069, 200_000]);
    const rows = Array.from({ length: 200_001 }, (_, i) =>
      post(`p${i}`, rareAt.has(i) ? "'oil':1 'rare':2A" : "'oil':1", { us: i }),
    );
    const bulk = new PostingsIndex();
    bulk.addBulk(rows);
    bulk.rebuild();
    const rare = [term(1, 'rare')];
    const expected = ['p200000', 'p131069', 'p65534', 'p0'];
    expect(ids(bulk.rank(rare, EVERYWHERE, 10, 0))).toEqual(expected);
    expect(bulk.rank([term(1, 'oil')], EVERYWHERE, 3, 0)).toMatchObject({ matches: 200_001 });
    expect(ids(bulk.rank([term(1, 'oil'), term(1, 'rare')], EVERYWHERE, 4, 0))).toEqual(expected);
    const restored = PostingsIndex.fromState(bulk.exportState());
    expect(restored.rank(rare, EVERYWHERE, 10, 0)).toEqual(bulk.rank(rare, EVERYWHERE, 10, 0));
    // Changed after: one removed, one appended past them, then folded in again.
    restored.remove('p65534');
    restored.upsert([post('p-new', "'oil':1 'rare':2A", { us: 300_000 })]);
    restored.rebuild();
    expect(ids(restored.rank(rare, EVERYWHERE, 10, 0))).toEqual(['p-new', 'p200000', 'p131069', 'p0']);
    // Appended postings are gap-coded too: 'rare' at ordinals 0 and 65,535 of posts only upserted (the posts between
    // hold no lexeme, so nothing is folded in).
    const appended = indexOf(
      Array.from({ length: 65_536 }, (_, i) => post(`q${i}`, i % 65_535 === 0 ? "'rare':1" : '', { us: i })),
    );
    expect(ids(appended.rank(rare, EVERYWHERE, 10, 0))).toEqual(['q65535', 'q0']);
  }, 30_000); // 200,000 posts: over 5 s on a busy two-core machine
});

describe('PostingsIndex under many edits of one post', () => {
  // Post ids as a snapshot keeps them: UUIDs.
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const EDITED = uuid(999);
  const others = Array.from({ length: 20 }, (_, i) => post(uuid(i), "'oil':1 'gas':2", { us: i }));
  /** The edited post's n-th text: a word of its own in the title, so that each edit leaves the last one's behind. */
  const edition = (n: number) => post(EDITED, `'oil':1 'edition${n}':2A`, { us: 1000 + n });
  const edited = () => {
    const index = indexOf([...others, edition(0)]);
    for (let n = 1; n <= 1000; n++) index.upsert([edition(n)]);
    return index;
  };
  const finds = (index: PostingsIndex, word: string) => ids(index.rank([term(1, word)], EVERYWHERE, 10, 0));

  it('keeps its ordinals and lexemes bounded by the live posts, not by the edits, and finds the latest text only', () => {
    const index = edited();
    expect(index.size).toBe(21);
    // Each edit gives the post a new ordinal; the dead ones are dropped once they pass a quarter of all.
    expect(index.ordinals).toBeLessThanOrEqual(Math.ceil(21 / 0.75) + 1);
    expect(finds(index, 'edition1000')).toEqual([EDITED]);
    expect(finds(index, 'edition999')).toEqual([]);
    expect(index.rank([term(1, 'oil')], EVERYWHERE, 0, 0).holdingAny).toBe(21);
    // Ranked after compaction as a fresh index of the same posts ranks.
    const fresh = indexOf([...others, edition(1000)]);
    for (const query of [[term(1, 'oil')], [term(2, 'gas'), term(1, 'oil')], [term(1, 'edition1000', 'gas')]]) {
      expect(index.rank(query, EVERYWHERE, 10, 0)).toEqual(fresh.rank(query, EVERYWHERE, 10, 0));
    }
  });

  it('writes a snapshot of the live posts alone, checksummed: a byte changed in its values is refused', () => {
    const index = edited();
    const snapshot = { horizon: 7n, applied: [], takenAt: new Date(0), database: 'test' };
    const body = encodeSnapshot({ ...snapshot, state: index.exportState() });
    const fresh = encodeSnapshot({ ...snapshot, state: indexOf([...others, edition(1000)]).exportState() });
    // The dead posts and the words only they held are not carried to the next process.
    expect(body.length).toBe(fresh.length);
    const decoded = decodeSnapshot(body);
    expect(decoded.state.ids).toHaveLength(21);
    expect(decoded.state.lexemes.toSorted()).toEqual(['edition1000', 'gas', 'oil']);
    const restored = PostingsIndex.fromState(decoded.state);
    expect(restored.ordinals).toBe(21);
    expect(finds(restored, 'edition1000')).toEqual([EDITED]);
    expect(finds(restored, 'edition999')).toEqual([]);

    // One byte of the posts' dates, then one of the postings' weights: still a well-formed snapshot, with other values.
    const headerLength = body.readUInt32LE(8);
    const header = JSON.parse(body.toString('utf8', 12, 12 + headerLength)) as {
      sections: Array<{ name: string; offset: number; bytes: number }>;
    };
    const start = Math.ceil((12 + headerLength) / 8) * 8;
    for (const name of ['published', 'quanta']) {
      const section = header.sections.find((s) => s.name === name)!;
      const damaged = Buffer.from(body);
      damaged[start + section.offset + section.bytes - 2]! ^= 0x10;
      expect(() => decodeSnapshot(damaged), name).toThrow(UnusableSnapshot);
      expect(() => decodeSnapshot(damaged), name).toThrow(/checksum/);
    }
  });
});

// Few words, publications and dates, so that posts share them: scores and dates tie, windows start on a post's date.
const VOCABULARY = ['oil', 'rate', 'fed', 'yield', "o'neil", 'back\\slash', '-0.3%', 'nestlé', '❤️', '日本', 'نفط', 'x'];
const PUBLICATIONS = ['pub-a', 'pub-b', 'pub-c', 'pub-d'];
const DATES = [null, 1, 2, 3, 5, 8].map((day) => (day === null ? null : day * DAY_US));

interface Document {
  lexemes: Map<string, number[]>;
  length: number;
}

function randomDocument(next: () => number): Document {
  const lexemes = new Map<string, number[]>();
  for (const word of VOCABULARY) {
    if (next() >= 0.35) continue;
    // Its labels, one a position: D, C, B or A.
    const positions = 1 + Math.floor(next() * 4);
    lexemes.set(
      word,
      Array.from({ length: positions }, () => Math.floor(next() * 4)),
    );
  }
  if (lexemes.size === 0) lexemes.set('x', [0]);
  let length = 0;
  for (const labels of lexemes.values()) length += labels.length;
  return { lexemes, length };
}

/** The document as PostgreSQL prints its tsvector (a quote or backslash doubled, no letter for D). */
function vectorText(document: Document): string {
  let position = 0;
  return [...document.lexemes]
    .map(([lexeme, labels]) => {
      const positions = labels.map((label) => `${++position}${LABEL_LETTER[label]}`);
      return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}':${positions.join(',')}`;
    })
    .join(' ');
}

interface Model {
  id: string;
  document: Document;
  publication: string;
  us: number | null;
}

function randomPost(id: string, next: () => number, documents: Document[]): Model {
  // A fifth copy an earlier post's document: equal scores, left to the date and the id.
  const copy = documents.length > 0 && next() < 0.2;
  const document = copy ? documents[Math.floor(next() * documents.length)]! : randomDocument(next);
  documents.push(document);
  return {
    id,
    document,
    publication: PUBLICATIONS[Math.floor(next() * PUBLICATIONS.length)]!,
    us: DATES[Math.floor(next() * DATES.length)]!,
  };
}

const rowOf = (model: Model): IndexedPostRow => ({
  id: model.id,
  publication_id: model.publication,
  published_us: model.us,
  vector: vectorText(model.document),
});

/** Every post scored by the definition, sorted as the SQL ranking sorts, the best k kept. */
function bruteForce(
  posts: Iterable<Model>,
  terms: PostingsTerm[],
  scope: PostingsScope,
  limit: number,
  minMatchedIdf: number,
): PostingsResult {
  const scored = [];
  for (const model of posts) {
    if (scope.range && (model.us === null || model.us < scope.range.startUs || model.us >= scope.range.endUs)) continue;
    if (scope.publications && !scope.publications.includes(model.publication)) continue;
    let score = 0;
    let matched = 0;
    let matchedIdf = 0;
    for (const t of terms) {
      const weights = t.lexemes.flatMap((lexeme) => {
        const labels = model.document.lexemes.get(lexeme);
        return labels ? [termWeight(labels, model.document.length)] : [];
      });
      if (weights.length === 0) continue;
      score += t.idf * (1 + Math.floor(Math.max(...weights) * QUANTA_PER_UNIT) / QUANTA_PER_UNIT);
      matched++;
      matchedIdf += t.idf;
    }
    if (matched > 0) scored.push({ postId: model.id, score, matched, matchedIdf, publishedUs: model.us });
  }
  const matching = scored.filter((hit) => hit.matchedIdf >= minMatchedIdf);
  matching.sort(
    (a, b) =>
      b.score - a.score ||
      (b.publishedUs ?? Number.NEGATIVE_INFINITY) - (a.publishedUs ?? Number.NEGATIVE_INFINITY) ||
      (a.postId < b.postId ? -1 : 1),
  );
  return { top: matching.slice(0, limit), matches: matching.length, holdingAny: scored.length };
}

function randomQuery(next: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const words = [...VOCABULARY, 'unknown'];
  const terms = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
    const lexemes = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(words)))];
    // Any double: the index must add exactly as the definition does, in the same order.
    return term(0.05 + next() * 6, ...lexemes);
  });
  const total = terms.reduce((sum, t) => sum + t.idf, 0);
  const minMatchedIdf = next() < 0.4 ? 0 : total * next() * 0.8;
  const from = pick(DATES.slice(1))!;
  const range = next() < 0.4 ? null : { startUs: from, endUs: next() < 0.2 ? from : from + pick([1, 2, 4]) * DAY_US };
  const publications = next() < 0.5 ? null : [...PUBLICATIONS, 'unknown'].filter(() => next() < 0.5);
  const limit = pick([0, 1, 3, 10, 50, 10_000]);
  return { terms, scope: { range, publications }, limit, minMatchedIdf };
}

describe('PostingsIndex against brute force', () => {
  it.each([1, 2, 3])('ranks and counts as the definition on a random corpus changed in every way (seed %i)', (seed) => {
    const next = createPrng(seed).next;
    const documents: Document[] = [];
    const posts = new Map<string, Model>();
    const put = (model: Model) => posts.set(model.id, model);
    const index = new PostingsIndex();
    const check = (label: string) => {
      for (let q = 0; q < 150; q++) {
        const { terms, scope, limit, minMatchedIdf } = randomQuery(next);
        const expected = bruteForce(posts.values(), terms, scope, limit, minMatchedIdf);
        expect(index.rank(terms, scope, limit, minMatchedIdf), `${label}, query ${q}`).toEqual(expected);
      }
      expect(index.size).toBe(posts.size);
    };

    // A first load in bulk, then posts appended, replaced (their document, date or publication) and removed.
    const loaded = Array.from({ length: 250 }, (_, n) =>
      randomPost(`post-${String(n).padStart(4, '0')}`, next, documents),
    );
    index.addBulk(loaded.map(rowOf));
    index.rebuild();
    for (const model of loaded) put(model);
    check('after the load');

    const appended = Array.from({ length: 100 }, (_, n) =>
      randomPost(`post-${String(250 + n).padStart(4, '0')}`, next, documents),
    );
    index.upsert(appended.map(rowOf));
    for (const model of appended) put(model);
    const known = [...posts.keys()];
    // Enough changes for the dead ordinals to pass a quarter of all more than once: the index numbers its posts afresh.
    for (let change = 0; change < 300; change++) {
      const id = known[Math.floor(next() * known.length)]!;
      if (next() < 0.25) {
        index.remove(id);
        posts.delete(id);
      } else {
        const model = randomPost(id, next, documents);
        index.upsert([rowOf(model)]);
        put(model);
      }
    }
    check('after changes');
    expect(index.ordinals).toBeLessThanOrEqual(Math.ceil(posts.size / 0.75) + 1);
    index.rebuild();
    check('after the rebuild');
  });
});
