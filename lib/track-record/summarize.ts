import { type CallOutcome, HORIZON_KEYS, type HorizonKey, horizonDays, MIN_CALLS_FOR_RATE } from './types';

export interface HorizonSummary {
  horizon: HorizonKey;
  /** Trading days after the entry; null for "to date" (the latest close, or the exit's). */
  tradingDays: number | null;
  /** Calls with an excess return at this horizon: the count behind every figure below. */
  scored: number;
  hits: number;
  /** Share of scored calls with a positive direction-signed excess return; null under MIN_CALLS_FOR_RATE calls. */
  hitRate: number | null;
  hitRateNote: string | null;
  meanExcessReturn: number | null;
  medianExcessReturn: number | null;
}

export interface RecordCounts {
  calls: number;
  scored: number;
  pending: number;
  unpriced: number;
  undated: number;
  exits: number;
}

export interface RecordSummary {
  counts: RecordCounts;
  horizons: HorizonSummary[];
  /** First and last publication time of the dated calls. */
  firstCallAt: Date | null;
  lastCallAt: Date | null;
}

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A publication's record from its calls' outcomes. */
export function summarizeRecord(outcomes: readonly CallOutcome[]): RecordSummary {
  const counts: RecordCounts = { calls: outcomes.length, scored: 0, pending: 0, unpriced: 0, undated: 0, exits: 0 };
  const key = {
    scored: 'scored',
    pending: 'pending',
    unpriced: 'unpriced',
    undated: 'undated',
    exit: 'exits',
  } as const;
  let first: number | null = null;
  let last: number | null = null;
  for (const outcome of outcomes) {
    counts[key[outcome.status]] += 1;
    const at = outcome.call.publishedAt?.getTime();
    if (at === undefined) continue;
    first = first === null ? at : Math.min(first, at);
    last = last === null ? at : Math.max(last, at);
  }
  const horizons = HORIZON_KEYS.map((horizon): HorizonSummary => {
    const excess = outcomes
      .map((o) => o.returns[horizon]?.excessReturn)
      .filter((x): x is number => x !== null && x !== undefined)
      .sort((a, b) => a - b);
    const hits = excess.filter((x) => x > 0).length;
    const enough = excess.length >= MIN_CALLS_FOR_RATE;
    return {
      horizon,
      tradingDays: horizonDays[horizon],
      scored: excess.length,
      hits,
      hitRate: enough ? hits / excess.length : null,
      hitRateNote: enough
        ? null
        : `${excess.length} scored call${excess.length === 1 ? '' : 's'}: a hit rate needs at least ${MIN_CALLS_FOR_RATE}`,
      meanExcessReturn: excess.length > 0 ? excess.reduce((a, b) => a + b, 0) / excess.length : null,
      medianExcessReturn: excess.length > 0 ? median(excess) : null,
    };
  });
  return {
    counts,
    horizons,
    firstCallAt: first === null ? null : new Date(first),
    lastCallAt: last === null ? null : new Date(last),
  };
}
