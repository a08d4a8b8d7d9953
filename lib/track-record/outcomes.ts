import { closeInstant } from './market-close';
import {
  type CallOutcome,
  HORIZON_KEYS,
  type HorizonKey,
  type HorizonOutcome,
  horizonDays,
  type Series,
  type TrackedCall,
} from './types';

const CLOSING_ACTIONS = new Set(['EXIT', 'REDUCE']);

/** Index of the first close strictly after `at` (no look-ahead: a close at or before the post is never used). */
export function firstCloseAfter(series: Series, at: number): number | null {
  let lo = 0;
  let hi = series.days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (closeInstant(series.days[mid]!) > at) hi = mid;
    else lo = mid + 1;
  }
  return lo < series.days.length ? lo : null;
}

/** Index of the last day at or before `day` (a benchmark close for a day the ticker traded). */
function lastOnOrBefore(series: Series, day: string): number | null {
  let lo = 0;
  let hi = series.days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series.days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? lo - 1 : null;
}

const noReturns = (): Record<HorizonKey, HorizonOutcome | null> =>
  Object.fromEntries(HORIZON_KEYS.map((key) => [key, null])) as Record<HorizonKey, HorizonOutcome | null>;

/**
 * Every call's outcome (docs/track-record.md). Pure: the same calls and closes always give the same figures, so they
 * are recomputed whenever prices arrive. `prices` holds the adjusted closes of the calls' tickers and benchmarks;
 * `benchmarkOf` names a ticker's benchmark (null: none).
 */
export function computeOutcomes(
  calls: readonly TrackedCall[],
  prices: ReadonlyMap<string, Series>,
  benchmarkOf: (ticker: string) => string | null,
): CallOutcome[] {
  const closedBy = matchExits(calls, prices);
  return calls.map((call) => {
    const closes = CLOSING_ACTIONS.has(call.action) ? (closedBy.closes.get(call.callId) ?? []) : [];
    return outcomeOf(call, prices, benchmarkOf(call.ticker), closedBy.by.get(call.callId) ?? null, closes);
  });
}

/**
 * Exits and trims close the publication's earlier open calls on the same ticker in the same direction (all of them: a
 * publication that bought twice and sold once is flat). A call closed by a trim is closed: the record follows the
 * position the call opened until the publication first reduced it.
 */
function matchExits(calls: readonly TrackedCall[], prices: ReadonlyMap<string, Series>) {
  const by = new Map<string, { callId: string; date: string | null; index: number | null }>();
  const closes = new Map<string, string[]>();
  const dated = calls
    .filter((c) => c.publishedAt !== null)
    .sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime() || a.callId.localeCompare(b.callId));
  // Open calls per ticker and direction, oldest first: an exit looks at its own bucket only.
  const open = new Map<string, TrackedCall[]>();
  const bucket = (c: TrackedCall) => `${c.ticker}\u0000${c.direction}`;
  for (const call of dated) {
    if (!CLOSING_ACTIONS.has(call.action)) {
      const calls = open.get(bucket(call));
      if (calls) calls.push(call);
      else open.set(bucket(call), [call]);
      continue;
    }
    const at = call.publishedAt!.getTime();
    const series = prices.get(call.ticker);
    const index = series ? firstCloseAfter(series, at) : null;
    const date = index === null ? null : series!.days[index]!;
    const candidates = open.get(bucket(call)) ?? [];
    // A call published at the same moment as the exit (the same post) is not an earlier one: it stays open.
    const earlier = candidates.filter((c) => c.publishedAt!.getTime() < at);
    for (const c of earlier) by.set(c.callId, { callId: call.callId, date, index });
    open.set(
      bucket(call),
      candidates.filter((c) => c.publishedAt!.getTime() >= at),
    );
    closes.set(
      call.callId,
      earlier.map((c) => c.callId),
    );
  }
  return { by, closes };
}

function outcomeOf(
  call: TrackedCall,
  prices: ReadonlyMap<string, Series>,
  benchmark: string | null,
  closed: { callId: string; date: string | null; index: number | null } | null,
  closes: string[],
): CallOutcome {
  const base: CallOutcome = {
    call,
    status: 'scored',
    benchmark,
    entryDate: null,
    entryClose: null,
    closedBy: closed ? { callId: closed.callId, date: closed.date } : null,
    closes,
    returns: noReturns(),
  };
  if (CLOSING_ACTIONS.has(call.action)) return { ...base, status: 'exit' };
  if (call.publishedAt === null) return { ...base, status: 'undated' };
  const series = prices.get(call.ticker);
  if (!series || series.days.length === 0) return { ...base, status: 'unpriced' };
  const entry = firstCloseAfter(series, call.publishedAt.getTime());
  if (entry === null) return { ...base, status: 'pending' };
  const bench = benchmark === null ? undefined : prices.get(benchmark);
  const last = series.days.length - 1;
  // A close at or after the exit's is never used: the position was flat from then on.
  const cap = closed?.index ?? null;
  const returns = noReturns();
  for (const key of HORIZON_KEYS) {
    const days = horizonDays[key];
    let at: number | null;
    if (days === null) at = cap ?? (last > entry ? last : null);
    else if (cap !== null && cap < entry + days) at = cap;
    else at = entry + days <= last ? entry + days : null;
    if (at === null) continue;
    returns[key] = horizonOutcome(call, series, entry, at, bench);
  }
  return {
    ...base,
    entryDate: series.days[entry]!,
    entryClose: series.closes[entry]!,
    returns,
  };
}

function horizonOutcome(
  call: TrackedCall,
  series: Series,
  entry: number,
  at: number,
  bench: Series | undefined,
): HorizonOutcome {
  const entryDate = series.days[entry]!;
  const exitDate = series.days[at]!;
  const ret = series.closes[at]! / series.closes[entry]! - 1;
  let benchmarkReturn: number | null = null;
  if (bench) {
    const from = lastOnOrBefore(bench, entryDate);
    const to = lastOnOrBefore(bench, exitDate);
    if (from !== null && to !== null) benchmarkReturn = bench.closes[to]! / bench.closes[from]! - 1;
  }
  const sign = call.direction === 'LONG' ? 1 : -1;
  return {
    exitDate,
    return: ret,
    benchmarkReturn,
    excessReturn: benchmarkReturn === null ? null : sign * (ret - benchmarkReturn),
  };
}
