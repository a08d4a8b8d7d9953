import type { CallOutcome } from './types';

/** Edges of the outcome distribution's buckets, as fractions: below -20%, -20% to -10%, ... 20% and above. */
export const DISTRIBUTION_EDGES = [-0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.2] as const;

export interface RecordChart {
  /** Per entry day, oldest first: the sum of the excess returns to date of the calls entered up to that day. */
  cumulative: { date: string; value: number }[];
  /** How many scored calls' excess return to date fall in each bucket (null: unbounded on that side). */
  distribution: { from: number | null; to: number | null; count: number }[];
}

/**
 * What a publication's page draws: its calls' cumulative excess return over time (each call as one equal stake, its
 * excess to date counted from its entry day) and the distribution of those excess returns. Calls without an excess
 * return to date (pending, unpriced, no benchmark) are left out, as from the record's figures.
 */
export function recordChart(outcomes: readonly CallOutcome[]): RecordChart {
  const scored = outcomes
    .flatMap((o) => {
      const excess = o.returns.toDate?.excessReturn;
      return o.entryDate !== null && typeof excess === 'number' ? [{ date: o.entryDate, excess }] : [];
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const cumulative: RecordChart['cumulative'] = [];
  let sum = 0;
  for (const call of scored) {
    sum += call.excess;
    const value = Math.round(sum * 1e6) / 1e6;
    if (cumulative.at(-1)?.date === call.date) cumulative.at(-1)!.value = value;
    else cumulative.push({ date: call.date, value });
  }
  const bounds = [null, ...DISTRIBUTION_EDGES, null];
  const distribution = bounds.slice(1).map((to, i) => ({ from: bounds[i]!, to, count: 0 }));
  for (const call of scored) {
    const bucket = DISTRIBUTION_EDGES.findIndex((edge) => call.excess < edge);
    distribution[bucket === -1 ? distribution.length - 1 : bucket]!.count += 1;
  }
  return { cumulative, distribution };
}
