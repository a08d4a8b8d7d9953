/**
 * Ranking metrics for the search evaluation. Pure functions over a ranked list of document keys and a judgment map
 * (key -> grade, 0 = not relevant, 1 = partially relevant, 2 = highly relevant).
 *
 * Conventions follow trec_eval / pytrec_eval (what BEIR uses), so our figures sit on the same scale as the FiQA anchors
 * in shared/notes/search.md: linear gains (gain = grade), log2(rank + 1) discount, ideal DCG from all judged relevant
 * documents. A query with no relevant document has no defined nDCG, recall or MRR: those functions return null and the
 * aggregates skip it, instead of counting an off-topic query as a perfect 1 or a failed 0.
 */

export type Grade = 0 | 1 | 2;
export type Judgments = ReadonlyMap<string, Grade>;

/** Keys in rank order with repeats removed: a result listed twice must not earn its gain twice. */
function firstK(ranked: readonly string[], k: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const key of ranked) {
    if (out.length >= k) break;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(key);
  }
  return out;
}

function discountedSum(gains: readonly number[]): number {
  return gains.reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
}

export function relevantCount(judgments: Judgments, minGrade: Grade = 1): number {
  let n = 0;
  for (const grade of judgments.values()) if (grade >= minGrade) n += 1;
  return n;
}

/** nDCG@k with graded gains; null when no judged document is relevant. */
export function ndcgAtK(ranked: readonly string[], judgments: Judgments, k: number): number | null {
  const ideal = [...judgments.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = discountedSum(ideal);
  if (idcg === 0) return null;
  return discountedSum(firstK(ranked, k).map((key) => judgments.get(key) ?? 0)) / idcg;
}

/** Share of all relevant (grade >= 1) documents found in the top k; null when there are none. */
export function recallAtK(ranked: readonly string[], judgments: Judgments, k: number): number | null {
  const total = relevantCount(judgments);
  if (total === 0) return null;
  return firstK(ranked, k).filter((key) => (judgments.get(key) ?? 0) >= 1).length / total;
}

/**
 * Recall with the denominator capped at k. Broad queries ("semiconductor stocks") have 100+ relevant posts, so plain
 * recall@10 cannot exceed 0.1 for them and says nothing; the capped form reaches 1 when the top k are all relevant.
 */
export function cappedRecallAtK(ranked: readonly string[], judgments: Judgments, k: number): number | null {
  const total = relevantCount(judgments);
  if (total === 0) return null;
  return firstK(ranked, k).filter((key) => (judgments.get(key) ?? 0) >= 1).length / Math.min(k, total);
}

/** Reciprocal rank of the first result with grade >= 1 (0 when none is returned); null when none exists. */
export function reciprocalRank(ranked: readonly string[], judgments: Judgments): number | null {
  if (relevantCount(judgments) === 0) return null;
  const list = firstK(ranked, Number.POSITIVE_INFINITY);
  const index = list.findIndex((key) => (judgments.get(key) ?? 0) >= 1);
  return index < 0 ? 0 : 1 / (index + 1);
}

/** Mean of the defined values; null when there are none. */
export function mean(values: readonly (number | null)[]): number | null {
  const defined = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (defined.length === 0) return null;
  return defined.reduce((a, b) => a + b, 0) / defined.length;
}

/** Nearest-rank percentile (p in 0..100): always an observed value, so p95 of 20 samples is the 19th smallest. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}
