import type { TrackRecord, TrackRecordCall } from '@/lib/api/contracts/track-record';
import type { Queryable } from '@/lib/db/types';
import { benchmarkFor, US_BENCHMARK } from '@/lib/prices/benchmark';
import type { PriceSource } from '@/lib/prices/provider';
import { readSeries } from '@/lib/prices/store';
import { type RecordChart, recordChart } from './chart';
import { computeOutcomes } from './outcomes';
import { summarizeRecord } from './summarize';
import type { CallOutcome, HorizonKey, HorizonOutcome, TrackedCall } from './types';

/** A call as the record's queries read it (the ticker view's rows add the publication). */
export interface CallRow {
  call_id: string;
  post_slug: string;
  ticker: string;
  direction: TrackedCall['direction'];
  action: TrackedCall['action'];
  published_at: Date | null;
  [key: string]: unknown;
}

// Options and other instruments are left out: their payoff is not the underlying's return.
const CALLS_SQL = `
  select sp.call_id, p.slug as post_slug, sp.ticker, sp.direction, sp.action, p.published_at
    from stock_picks sp join posts p on p.id = sp.post_id
   where p.publication_id = $1 and sp.instrument_type in ('EQUITY', 'ETF')`;

/** Figures are rounded here, once: six decimals of a fraction is a hundredth of a basis point. */
export const round = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** A publication's record as stored (track_records.summary): the response without its calls and per-request fields. */
export type RecordSummary = Omit<TrackRecord, 'publicationSlug' | 'asOf' | 'pricesNote' | 'calls'> & {
  /** Whether any benchmark close is stored: without one no excess return exists (pricesNote says so). */
  benchmarkPriced: boolean;
  /** What the dashboard draws (lib/track-record/chart.ts), kept with the record so it covers every call. */
  chart: RecordChart;
};

export interface ComputedRecord {
  summary: RecordSummary;
  /** Every call, newest first. */
  calls: TrackRecordCall[];
}

/** A publication's record from its calls and the stored closes (docs/track-record.md). */
export async function computeRecord(db: Queryable, publicationId: string): Promise<ComputedRecord> {
  const rows = await db.query<CallRow>(CALLS_SQL, [publicationId]);
  const calls: TrackedCall[] = rows.map((row) => ({
    callId: row.call_id,
    ticker: row.ticker,
    direction: row.direction,
    action: row.action,
    publishedAt: row.published_at === null ? null : new Date(row.published_at),
  }));
  const slugs = new Map(rows.map((row) => [row.call_id, row.post_slug]));
  const tickers = [...new Set<string>([US_BENCHMARK, ...calls.map((c) => c.ticker)])];
  const [prices, statuses] = await Promise.all([readSeries(db, tickers), seriesStatuses(db, tickers)]);
  const outcomes = computeOutcomes(calls, prices, benchmarkFor);
  const summary = summarizeRecord(outcomes);
  const benchmark = prices.get(US_BENCHMARK);
  return {
    summary: {
      pricesAsOf: benchmark?.days.at(-1) ?? null,
      pricesSource: pricesSourceOf(statuses),
      benchmarkPriced: benchmark !== undefined,
      chart: recordChart(outcomes),
      benchmark: US_BENCHMARK,
      firstCallAt: summary.firstCallAt?.toISOString() ?? null,
      lastCallAt: summary.lastCallAt?.toISOString() ?? null,
      counts: summary.counts,
      horizons: summary.horizons.map((h) => ({
        horizon: h.horizon,
        tradingDays: h.tradingDays,
        scoredCalls: h.scored,
        hits: h.hits,
        hitRate: round(h.hitRate),
        hitRateNote: h.hitRateNote,
        meanExcessReturn: round(h.meanExcessReturn),
        medianExcessReturn: round(h.medianExcessReturn),
      })),
    },
    calls: newestFirst(outcomes).map((o) => toCall(o, slugs.get(o.call.callId) ?? '', unpricedReason(o, statuses))),
  };
}

/** Where the closes come from: the provider when any of them is its, else the demo; null when none are stored. */
export function pricesSourceOf(statuses: Map<string, SeriesStatus>): PriceSource | null {
  const sources = new Set([...statuses.values()].map((s) => s.source));
  return sources.has('massive') ? 'massive' : sources.has('demo') ? 'demo' : null;
}

type SeriesStatus = {
  source: PriceSource;
  status: 'ok' | 'no_data' | 'error';
  message: string | null;
};

export async function seriesStatuses(db: Queryable, tickers: string[]): Promise<Map<string, SeriesStatus>> {
  const rows = await db.query<SeriesStatus & { ticker: string }>(
    'select ticker, source, status, message from price_series where ticker = any($1::text[])',
    [tickers],
  );
  return new Map(rows.map((row) => [row.ticker, row]));
}

const NO_CLOSES_STORED = 'No closes are stored for this ticker.';

/** Why an unpriced call has no figures: the provider's last word on the ticker, else that nothing is stored. */
export function unpricedReason(outcome: CallOutcome, statuses: Map<string, SeriesStatus>): string | null {
  if (outcome.status !== 'unpriced') return null;
  const status = statuses.get(outcome.call.ticker);
  if (!status || status.status === 'ok') return NO_CLOSES_STORED;
  return (
    status.message ?? (status.status === 'no_data' ? 'The price provider has no closes for it.' : NO_CLOSES_STORED)
  );
}

export function newestFirst(outcomes: CallOutcome[]): CallOutcome[] {
  const time = (o: CallOutcome) => o.call.publishedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [...outcomes].sort((a, b) => time(b) - time(a) || a.call.callId.localeCompare(b.call.callId));
}

function toReturn(r: HorizonOutcome | null) {
  if (r === null) return null;
  return {
    exitDate: r.exitDate,
    return: round(r.return)!,
    benchmarkReturn: round(r.benchmarkReturn),
    excessReturn: round(r.excessReturn),
  };
}

export function toCall(o: CallOutcome, postSlug: string, unpriced: string | null): TrackRecordCall {
  const returns = Object.fromEntries(
    (Object.entries(o.returns) as [HorizonKey, HorizonOutcome | null][]).map(([k, r]) => [k, toReturn(r)]),
  ) as TrackRecordCall['returns'];
  return {
    callId: o.call.callId,
    postSlug,
    publishedAt: o.call.publishedAt?.toISOString() ?? null,
    ticker: o.call.ticker,
    direction: o.call.direction,
    action: o.call.action,
    status: o.status,
    unpricedReason: unpriced,
    entryDate: o.entryDate,
    entryClose: o.entryClose === null ? null : round(o.entryClose),
    benchmark: o.benchmark,
    closedBy: o.closedBy,
    closes: o.closes,
    returns,
  };
}
