/**
 * The judged query set over the demo corpus. Judgments are computed from the generator's ground truth when the eval
 * runs (rules in judge.ts, windows in time-windows.ts), so regenerating the corpus cannot leave stale ids behind.
 */

import { type EvalPost, generateEvalPosts, judgeAt } from './judge';
import type { Grade } from './metrics';
import { NAME_QUERIES } from './queries-names';
import { OFF_TOPIC_QUERIES, TIME_QUERIES } from './queries-time';
import { TOPIC_QUERIES } from './queries-topics';
import type { JudgedQuery } from './query-types';

export type { EvalPost } from './judge';
export { CATEGORIES, type Category, type JudgedQuery } from './query-types';

/** The corpus every judgment refers to; the eval seeds its database with exactly these. */
export const EVAL_SEED = 20261122;
export const EVAL_POSTS = 1500;
export const EVAL_NOW = new Date('2026-11-20T15:00:00Z');
export const EVAL_LIMIT = 10;
/** A query with fewer relevant posts than this measures luck rather than ranking. */
export const MIN_RELEVANT = 3;

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  ...NAME_QUERIES,
  ...TOPIC_QUERIES,
  ...TIME_QUERIES,
  ...OFF_TOPIC_QUERIES,
];

export function loadEvalPosts(): EvalPost[] {
  return generateEvalPosts({ seed: EVAL_SEED, posts: EVAL_POSTS, now: EVAL_NOW });
}

/** Grades of the relevant posts for a query, keyed "publicationSlug/postSlug" (absent = grade 0). */
export function judge(query: JudgedQuery, corpusPosts: readonly EvalPost[]): Map<string, Grade> {
  return judgeAt(query, corpusPosts, EVAL_NOW);
}

export interface JudgmentCount {
  query: JudgedQuery;
  grade2: number;
  grade1: number;
}

export function countJudgments(
  posts: readonly EvalPost[],
  queries: readonly JudgedQuery[] = JUDGED_QUERIES,
): JudgmentCount[] {
  return queries.map((query) => {
    const grades = [...judge(query, posts).values()];
    return { query, grade2: grades.filter((g) => g === 2).length, grade1: grades.filter((g) => g === 1).length };
  });
}

/** Human-readable problems: on-topic queries with too few relevant posts, off-topic ones with any. */
export function judgmentWarnings(counts: readonly JudgmentCount[]): string[] {
  return counts.flatMap(({ query, grade1, grade2 }) => {
    const total = grade1 + grade2;
    if (query.category === 'off_topic') return total > 0 ? [`${query.id}: off-topic but ${total} relevant`] : [];
    return total < MIN_RELEVANT
      ? [`${query.id} ("${query.q}"): only ${total} relevant posts (need ${MIN_RELEVANT})`]
      : [];
  });
}
