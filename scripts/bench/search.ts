import { ApiError } from '@/lib/api/errors';
import { readCapabilities } from '@/lib/db/capabilities';
import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { searchWithPostings } from '@/lib/search/postings/live-postings';
import { searchPosts } from '@/lib/search/search-posts';
import { percentile } from './load';
import { fullTextRecipe, hybridSearchRecipe } from './supabase-recipe';

/** A mix of the query shapes that stress a search differently. */
export const BENCH_QUERIES: Array<{ kind: string; q: string }> = [
  { kind: 'rare term', q: 'Palantir' },
  { kind: 'rare term', q: 'micron hbm' },
  { kind: 'rare term', q: 'yen carry trade' },
  { kind: 'common term', q: 'market' },
  { kind: 'common term', q: 'earnings growth' },
  { kind: 'common term', q: 'stocks' },
  { kind: 'multi term', q: 'is the Fed going to cut rates in December' },
  { kind: 'multi term', q: 'nvidia data center revenue guidance and gross margin' },
  { kind: 'multi term', q: 'private credit default risk for regional banks' },
  { kind: 'time-scoped', q: 'nvidia this week' },
  { kind: 'time-scoped', q: 'treasury yields last 3 days' },
  { kind: 'time-scoped', q: 'latest on oil' },
];

async function time(rounds: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  const byQuery: number[][] = BENCH_QUERIES.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i] of BENCH_QUERIES.entries()) {
      const started = performance.now();
      await fn();
      const elapsed = performance.now() - started;
      times.push(elapsed);
      byQuery[i]!.push(elapsed);
    }
  }
  times.sort((a, b) => a - b);
  // The slowest queries by their own median: where a p95 comes from.
  const slowest = byQuery
    .map((list, i) => ({
      q: BENCH_QUERIES[i]!.q,
      p50: percentile(
        [...list].sort((a, b) => a - b),
        50,
      ),
    }))
    .sort((a, b) => b.p50 - a.p50)
    .slice(0, 4);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, slowest };
}

export interface SearchBenchRow {
  name: string;
  p50: number;
  p95: number;
  n: number;
  slowest: Array<{ q: string; p50: number }>;
  /** The fallback's row: queries it refused (503 past its budget), counted in `n` and the times. */
  refused?: number;
}

/**
 * fts through the fallback alone, as a process answers while its postings load: every match scored in SQL, or a 503
 * past the budget (lib/search/lexical/brute-force-budget.ts), which is an answer too and is timed as one.
 */
async function fallbackRow(db: Db, rounds: number, now: Date): Promise<SearchBenchRow> {
  let index = 0;
  let refused = 0;
  const run = () =>
    searchPosts(
      db,
      { q: BENCH_QUERIES[index++ % BENCH_QUERIES.length]!.q, limit: 10, mode: 'fts', now },
      {
        embeddings: null,
      },
    ).catch((error: unknown) => {
      // With the postings turned off, past the budget is query_too_broad (no index will load); while they load,
      // service_busy: either is the fallback's refusal.
      if (!(error instanceof ApiError) || !['service_busy', 'query_too_broad'].includes(error.code)) throw error;
      refused++;
    });
  searchWithPostings(db, false);
  try {
    await time(1, run);
    refused = 0;
    const timed = await time(rounds, run);
    return { name: 'ours fts, fallback (postings not loaded)', ...timed, refused };
  } finally {
    searchWithPostings(db, true);
  }
}

/**
 * Single-client latency of our search (fts and hybrid) and of the Supabase documentation's recipe on the same data,
 * one warm-up round then `rounds` measured rounds over the query mix.
 */
export async function benchSearch(
  db: Db,
  embeddings: EmbeddingProvider | null,
  rounds: number,
): Promise<SearchBenchRow[]> {
  const now = new Date();
  const rows: SearchBenchRow[] = [];
  const vector = (await readCapabilities(db)).vector && embeddings !== null;
  const ours = (mode: 'fts' | 'hybrid') => async () => {
    let index = 0;
    const run = () =>
      searchPosts(db, { q: BENCH_QUERIES[index++ % BENCH_QUERIES.length]!.q, limit: 10, mode, now }, { embeddings });
    await time(1, run);
    return time(rounds, run);
  };
  rows.push({ name: 'ours fts', ...(await ours('fts')()) });
  if (vector) rows.push({ name: 'ours hybrid', ...(await ours('hybrid')()) });
  rows.push(await fallbackRow(db, rounds, now));

  const queryVectors = vector ? await embeddings!.embed(BENCH_QUERIES.map((query) => query.q)) : [];
  const baseline = async (name: string, fn: (q: string, v: number[] | undefined) => Promise<unknown>) => {
    let index = 0;
    const run = () => {
      const i = index++ % BENCH_QUERIES.length;
      return fn(BENCH_QUERIES[i]!.q, queryVectors[i]);
    };
    await time(1, run);
    rows.push({ name, ...(await time(rounds, run)) });
  };
  await baseline('baseline ts_rank_cd over all matches', (q) => fullTextRecipe(db, q));
  if (vector) await baseline('baseline Supabase hybrid_search', (q, v) => hybridSearchRecipe(db, q, v!, embeddings!));
  return rows;
}
