/**
 * The search for the exact top k (lib/search/lexical/rounds.ts) on corpora in miniature, checked against brute force.
 * Each post holds each term not at all, in its body or in its title, at a weight that is a whole number of quanta, and
 * posts share weights and dates on purpose: ties are where recency decides and where the lists' dates prune. The
 * champion lists and their maxima are built by the indexer's own rule (planAdmission, in
 * lib/search/index/plan-admission.ts), batch by batch, with short lists so that most posts are unlisted, and read into
 * terms as a query reads them (unlistedMaxima); the unlisted posts are found only through the clauses the search asks
 * for.
 */
import { describe, expect, it } from 'vitest';
import { QUANTA_PER_UNIT, quantizeWeight } from '@/lib/search/analysis/ts-rank';
import { type ListEntry, type ListStats, planAdmission } from '@/lib/search/index/plan-admission';
import { IN_TITLE, PRESENT, type TermState } from '@/lib/search/lexical/pruning';
import { type ResolvedTerm, unlistedMaxima } from '@/lib/search/lexical/resolve-terms';
import { type RankedPost, SCORE, type Sought, seekTopK } from '@/lib/search/lexical/rounds';

// Lists this short leave ties that only recency decides: with lists of 4, seeking no tie at all still passed.
const LIST_SIZE = 2;
const DAY_US = 86_400_000_000;

interface Post {
  id: string;
  /** Microseconds since 1970, or null (undated). */
  date: number | null;
  /** Per term: its weight (null when the post lacks the term) and whether it is in the title. */
  weights: Array<number | null>;
  inTitle: boolean[];
}

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function corpus(next: () => number): { posts: Post[]; idfs: number[] } {
  const terms = 1 + Math.floor(next() * 4);
  // Dyadic idfs and weights: every score is exact in a double, so equal scores are equal.
  const idfs = Array.from({ length: terms }, () => [1, 1.5, 2][Math.floor(next() * 3)]!);
  const posts = Array.from({ length: 20 + Math.floor(next() * 60) }, (_, n): Post => {
    const inTitle: boolean[] = [];
    const weights = idfs.map(() => {
      const roll = next();
      if (roll < 0.45) {
        inTitle.push(false);
        return null;
      }
      const title = roll > 0.8;
      inTitle.push(title);
      const quanta = Math.floor(next() * 3);
      return title ? 1 + quanta / QUANTA_PER_UNIT : (1 + quanta) / QUANTA_PER_UNIT;
    });
    const date = next() < 0.05 ? null : Math.floor(next() * 12) * DAY_US;
    return { id: `post-${String(n).padStart(3, '0')}`, date, weights, inTitle };
  });
  return { posts, idfs };
}

const newest = (date: number | null) => date ?? Number.NEGATIVE_INFINITY;
const lexemeOf = (term: number) => `t${term}`;

/**
 * The terms a query would resolve, and the posts on their lists, after the indexer admitted the posts in batches of
 * random sizes (a new lexeme's stats row starts at zero, as the indexer's insert leaves it).
 */
async function index(posts: Post[], idfs: number[], next: () => number) {
  const lists = new Map<string, ListEntry[]>();
  const stats = new Map<string, ListStats>();
  const zero = (lexeme: string): ListStats => ({ lexeme, top_floor: 0, body_floor: 0, floor_published_us: null });
  for (let start = 0, end = 0; start < posts.length; start = end) {
    end = start + 1 + Math.floor(next() * 20);
    const batch = posts.slice(start, end);
    const documents = batch.map((post) => ({
      weights: new Map(post.weights.flatMap((weight, term) => (weight === null ? [] : [[lexemeOf(term), weight]]))),
    }));
    const lexemes = [...new Set(documents.flatMap((document) => [...document.weights.keys()]))];
    const admitted = await planAdmission(
      { ids: batch.map((post) => post.id), publishedUs: batch.map((post) => post.date) },
      documents,
      lexemes.map((l) => stats.get(l) ?? zero(l)),
      async (asked) => new Map(asked.flatMap((l) => (lists.has(l) ? [[l, lists.get(l)!] as const] : []))),
      LIST_SIZE,
    );
    for (const list of admitted.lists) lists.set(list.lexeme, list.entries);
    for (const row of admitted.stats) stats.set(row.lexeme, row);
  }
  const terms = idfs.map(
    (idf, term): ResolvedTerm => ({
      term: lexemeOf(term),
      lexemes: [lexemeOf(term)],
      query: lexemeOf(term),
      idf,
      docCount: posts.filter((post) => post.weights[term] !== null).length,
      ...unlistedMaxima([stats.get(lexemeOf(term)) ?? zero(lexemeOf(term))]),
    }),
  );
  const listed = new Set([...lists.values()].flatMap((entries) => entries.map((entry) => entry.postId)));
  return { terms, listed };
}

function score(post: Post, idfs: number[]): number {
  return idfs.reduce((sum, idf, term) => {
    const weight = post.weights[term];
    return weight === null || weight === undefined ? sum : sum + idf * (SCORE.presence + quantizeWeight(weight));
  }, 0);
}

function topK(posts: Post[], idfs: number[], limit: number): RankedPost[] {
  return posts
    .map((post) => ({ post_id: post.id, score: score(post, idfs), published_us: post.date }))
    .sort(
      (a, b) =>
        b.score - a.score || newest(b.published_us) - newest(a.published_us) || (a.post_id < b.post_id ? -1 : 1),
    )
    .slice(0, limit);
}

/** Whether a post meets what a sought clause asks (its date included, as the SQL's published_at condition). */
function meetsSought(post: Post, { clause, from }: Sought): boolean {
  const terms = clause.every(
    (state: TermState, term) =>
      (state !== PRESENT || post.weights[term] !== null) && (state !== IN_TITLE || post.inTitle[term]),
  );
  return terms && (from === null || (post.date !== null && post.date >= from));
}

describe('the exact top-k search', () => {
  it('returns the brute-force top k, ties by recency included, over random corpora', async () => {
    const next = random(2026);
    let sought = 0;
    let datedSeeks = 0;
    for (let round = 0; round < 400; round++) {
      const { posts, idfs } = corpus(next);
      const matching = posts.filter((post) => post.weights.some((weight) => weight !== null));
      const { terms, listed } = await index(matching, idfs, next);
      const limit = 1 + Math.floor(next() * 6);
      const onLists = topK(
        matching.filter((post) => listed.has(post.id)),
        idfs,
        limit,
      );
      const found = await seekTopK(terms, limit, onLists, async (batch) => {
        sought += batch.length;
        datedSeeks += batch.filter((wanted) => wanted.from !== null).length;
        const unlisted = matching.filter((post) => !listed.has(post.id));
        return topK(
          unlisted.filter((post) => batch.some((wanted) => meetsSought(post, wanted))),
          idfs,
          limit,
        );
      });
      expect(found, JSON.stringify({ round, idfs, limit })).toEqual(topK(matching, idfs, limit));
    }
    // The corpora exercise the search, and its seeks from a date (ties that recency can still decide).
    expect(sought).toBeGreaterThan(100);
    expect(datedSeeks).toBeGreaterThan(0);
  }, 30_000);
});
