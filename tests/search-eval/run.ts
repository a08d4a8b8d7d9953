/**
 * Runs the judged queries through a search function and aggregates the figures. The search is passed in as a plain
 * function, so this file does not depend on lib/search and can be tested with a fake.
 */
import { performance } from 'node:perf_hooks';
import type { EvalPost } from './judge';
import { cappedRecallAtK, type Judgments, mean, ndcgAtK, percentile, recallAtK, reciprocalRank } from './metrics';
import { CATEGORIES, type Category, type JudgedQuery } from './query-types';
import { resolveWindow } from './time-windows';

/** Our three modes, and `bm25`: the reference ranking of a maintained library on the same posts (reference-bm25.ts). */
export type SearchMode = 'fts' | 'semantic' | 'hybrid' | 'bm25';
export const MODES: readonly SearchMode[] = ['fts', 'semantic', 'hybrid', 'bm25'];

/** The parts of TopicSearchResponse the eval reads. */
export interface SearchResponseLike {
  mode: string;
  matchConfidence: string;
  timeWindow: { label: string; startIso: string; endIso: string } | null;
  items: readonly { publicationSlug: string; slug: string }[];
}

export type SearchFn = (q: string, mode: SearchMode) => Promise<SearchResponseLike>;

export interface QueryRun {
  id: string;
  q: string;
  category: Category;
  /** The mode the response says it used (a search may fall back, e.g. no vectors -> fts). */
  modeUsed: string;
  ndcg: number | null;
  recall: number | null;
  cappedRecall: number | null;
  mrr: number | null;
  items: number;
  matchConfidence: string;
  latencyMs: number;
  /** Returned keys that are not in the judged corpus: a non-zero count means the database and the judgments differ. */
  unknownKeys: number;
  /** For time-scoped queries, how the search's resolved window differs from the judged one; null when it agrees. */
  windowMismatch: string | null;
}

export interface Aggregate {
  queries: number;
  ndcg10: number | null;
  recall10: number | null;
  cappedRecall10: number | null;
  mrr: number | null;
}

export interface ModeSummary {
  mode: SearchMode;
  /** Modes the responses reported, with counts: shows silent fallbacks. */
  modesUsed: Record<string, number>;
  categories: Partial<Record<Category, Aggregate>>;
  /** Every query except off-topic ones. */
  overall: Aggregate;
  offTopic: { queries: number; noneShare: number | null; meanItems: number | null };
  latencyMs: { p50: number | null; p95: number | null };
  unknownKeys: number;
  windowMismatches: string[];
}

function windowMismatch(query: JudgedQuery, response: SearchResponseLike, now: Date): string | null {
  if (!query.window) return null;
  const want = resolveWindow(query.window, now);
  const got = response.timeWindow;
  if (!got)
    return `${query.id}: no time window resolved (want ${want.label} ${want.start.toISOString()} .. ${want.end.toISOString()})`;
  const same =
    got.label === want.label &&
    Date.parse(got.startIso) === want.start.getTime() &&
    Date.parse(got.endIso) === want.end.getTime();
  return same
    ? null
    : `${query.id}: got ${got.label} ${got.startIso} .. ${got.endIso}, judged ${want.label} ${want.start.toISOString()} .. ${want.end.toISOString()}`;
}

export async function runQuery(
  search: SearchFn,
  mode: SearchMode,
  query: JudgedQuery,
  judgments: Judgments,
  known: ReadonlySet<string>,
  now: Date,
  k: number,
): Promise<QueryRun> {
  const started = performance.now();
  const response = await search(query.q, mode);
  const latencyMs = performance.now() - started;
  const ranked = response.items.map((item) => `${item.publicationSlug}/${item.slug}`);
  return {
    id: query.id,
    q: query.q,
    category: query.category,
    modeUsed: response.mode,
    ndcg: ndcgAtK(ranked, judgments, k),
    recall: recallAtK(ranked, judgments, k),
    cappedRecall: cappedRecallAtK(ranked, judgments, k),
    mrr: reciprocalRank(ranked.slice(0, k), judgments),
    items: response.items.length,
    matchConfidence: response.matchConfidence,
    latencyMs,
    unknownKeys: ranked.filter((key) => !known.has(key)).length,
    windowMismatch: windowMismatch(query, response, now),
  };
}

export interface RunOptions {
  queries: readonly JudgedQuery[];
  posts: readonly EvalPost[];
  judge: (query: JudgedQuery) => Judgments;
  now: Date;
  k: number;
}

/**
 * All queries in one mode. One unmeasured warm-up query first, so lazy initialization (model load, first plan) does
 * not land in the latency percentiles of whichever query happens to run first.
 */
export async function runMode(search: SearchFn, mode: SearchMode, opts: RunOptions): Promise<QueryRun[]> {
  const known = new Set(opts.posts.map((p) => p.key));
  const first = opts.queries[0];
  if (first) await search(first.q, mode);
  const runs: QueryRun[] = [];
  for (const query of opts.queries)
    runs.push(await runQuery(search, mode, query, opts.judge(query), known, opts.now, opts.k));
  return runs;
}

function aggregate(runs: readonly QueryRun[]): Aggregate {
  return {
    queries: runs.length,
    ndcg10: mean(runs.map((r) => r.ndcg)),
    recall10: mean(runs.map((r) => r.recall)),
    cappedRecall10: mean(runs.map((r) => r.cappedRecall)),
    mrr: mean(runs.map((r) => r.mrr)),
  };
}

export function summarize(mode: SearchMode, runs: readonly QueryRun[]): ModeSummary {
  const categories: Partial<Record<Category, Aggregate>> = {};
  for (const category of CATEGORIES) {
    const inCategory = runs.filter((r) => r.category === category);
    if (category !== 'off_topic' && inCategory.length > 0) categories[category] = aggregate(inCategory);
  }
  const offTopic = runs.filter((r) => r.category === 'off_topic');
  const modesUsed: Record<string, number> = {};
  for (const r of runs) modesUsed[r.modeUsed] = (modesUsed[r.modeUsed] ?? 0) + 1;
  const latencies = runs.map((r) => r.latencyMs);
  return {
    mode,
    modesUsed,
    categories,
    overall: aggregate(runs.filter((r) => r.category !== 'off_topic')),
    offTopic: {
      queries: offTopic.length,
      noneShare:
        offTopic.length === 0 ? null : offTopic.filter((r) => r.matchConfidence === 'none').length / offTopic.length,
      meanItems: mean(offTopic.map((r) => r.items)),
    },
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    unknownKeys: runs.reduce((sum, r) => sum + r.unknownKeys, 0),
    windowMismatches: runs.flatMap((r) => (r.windowMismatch ? [r.windowMismatch] : [])),
  };
}
