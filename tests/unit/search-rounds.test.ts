/**
 * The search for the exact top k (lib/search/lexical/rounds.ts) on corpora in miniature, checked against brute force.
 * Each post holds each term not at all, in its body or in its title, at a weight that is a whole number of steps, and
 * posts share weights and dates on purpose: ties are where recency decides and where the term lists' dates prune. The
 * lists and floors are built as the indexer keeps them (lib/search/index/champion-lists.ts), with short lists so that
 * most posts are unlisted; the unlisted posts are found only through the clauses the search asks for.
 */
import { describe, expect, it } from 'vitest';
import { QUANTA_PER_UNIT, quantizeWeight } from '@/lib/search/analysis/ts-rank';
import { IN_TITLE, PRESENT, type TermState } from '@/lib/search/lexical/pruning';
import type { ResolvedTerm } from '@/lib/search/lexical/resolve-terms';
import { type RankedPost, SCORE, type Sought, seekTopK } from '@/lib/search/lexical/rounds';

const LIST_SIZE = 4;
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
      const steps = Math.floor(next() * 3);
      return title ? 1 + steps / QUANTA_PER_UNIT : (1 + steps) / QUANTA_PER_UNIT;
    });
    const date = next() < 0.05 ? null : Math.floor(next() * 12) * DAY_US;
    return { id: `post-${String(n).padStart(3, '0')}`, date, weights, inTitle };
  });
  return { posts, idfs };
}

const newest = (date: number | null) => date ?? Number.NEGATIVE_INFINITY;

/** The ranking's order for one term's list: the weight's step, newest, lowest id. */
function byStanding(term: number) {
  return (a: Post, b: Post) =>
    quantizeWeight(b.weights[term]!) - quantizeWeight(a.weights[term]!) ||
    newest(b.date) - newest(a.date) ||
    (a.id < b.id ? -1 : 1);
}

/** The statistics a query would read: the floor, its date and the body floor, from lists of LIST_SIZE posts. */
function resolve(posts: Post[], idfs: number[]): { terms: ResolvedTerm[]; listed: Set<string> } {
  const listed = new Set<string>();
  const terms = idfs.map((idf, term): ResolvedTerm => {
    const holding = posts.filter((post) => post.weights[term] !== null).sort(byStanding(term));
    for (const post of holding.slice(0, LIST_SIZE)) listed.add(post.id);
    const unlisted = holding.slice(LIST_SIZE);
    const floor = Math.max(0, ...unlisted.map((post) => post.weights[term]!));
    const inFloorStep = unlisted.filter((post) => quantizeWeight(post.weights[term]!) === quantizeWeight(floor));
    const body = holding.filter((post) => !post.inTitle[term]).map((post) => post.weights[term]!);
    return {
      term: `t${term}`,
      lexemes: [`t${term}`],
      query: `t${term}`,
      idf,
      docCount: holding.length,
      unlistedMaxWeight: floor,
      bodyMaxWeight: Math.max(0, ...body),
      unlistedMaxNewestUs: Math.max(Number.NEGATIVE_INFINITY, ...inFloorStep.map((post) => newest(post.date))),
    };
  });
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
      const { terms, listed } = resolve(matching, idfs);
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
  });
});
