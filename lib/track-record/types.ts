/** What the track record measures (docs/track-record.md). */

/** Trading days after the entry close at which a call's return is read. */
export const HORIZON_DAYS = [1, 5, 30, 90] as const;
export type HorizonKey = '1d' | '5d' | '30d' | '90d' | 'toDate';
export const HORIZON_KEYS: readonly HorizonKey[] = ['1d', '5d', '30d', '90d', 'toDate'];
export const horizonDays: Record<HorizonKey, number | null> = { '1d': 1, '5d': 5, '30d': 30, '90d': 90, toDate: null };

/** A rate over fewer scored calls than this is not given. */
export const MIN_CALLS_FOR_RATE = 10;

export type Direction = 'LONG' | 'SHORT';
export type Action = 'NEW_POSITION' | 'ADD' | 'HOLD' | 'RECOMMENDATION' | 'REDUCE' | 'EXIT';

/** One extracted call of a publication, as the outcome computation needs it. */
export interface TrackedCall {
  callId: string;
  ticker: string;
  direction: Direction;
  action: Action;
  /** The post's publication time; null for an undated post. */
  publishedAt: Date | null;
}

/** A ticker's adjusted closes, oldest first (lib/prices/store.ts). */
export interface Series {
  days: string[];
  closes: number[];
}

/**
 * scored: it has an entry close. pending: its ticker has closes, but none after the post yet. unpriced: no closes are
 * known for its ticker (delisted, unknown to the provider, not a US listing, or no provider). undated: its post has no
 * publication time, so no entry can be chosen without looking ahead. exit: an exit or a trim, which closes earlier calls
 * instead of being scored itself.
 */
export type CallStatus = 'scored' | 'pending' | 'unpriced' | 'undated' | 'exit';

export interface HorizonOutcome {
  /** The day whose close the return is read at (the exit's, when the call was closed before the horizon). */
  exitDate: string;
  /** The ticker's return from the entry close (a fraction: 0.05 is 5%). */
  return: number;
  /** The benchmark's return between the same two closes; null without a benchmark. */
  benchmarkReturn: number | null;
  /** (return - benchmarkReturn), negated for a SHORT call: positive when the call beat the benchmark its way. */
  excessReturn: number | null;
}

export interface CallOutcome {
  call: TrackedCall;
  status: CallStatus;
  benchmark: string | null;
  entryDate: string | null;
  entryClose: number | null;
  /** For a scored call closed by a later exit or trim of the same publication: that call and its close's day. */
  closedBy: { callId: string; date: string | null } | null;
  /** For an exit or trim: the earlier calls it closed (none when the publication had no open call on the ticker). */
  closes: string[];
  /** Per horizon; null when it is not reached yet or the call is not scored. */
  returns: Record<HorizonKey, HorizonOutcome | null>;
}
