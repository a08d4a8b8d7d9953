import type { TickerPastCalls } from '@/lib/api/contracts/track-record';
import type { Queryable } from '@/lib/db/types';
import { benchmarkFor, US_BENCHMARK } from '@/lib/prices/benchmark';
import { readSeries } from '@/lib/prices/store';
import { type CallRow, newestFirst, pricesSourceOf, seriesStatuses, toCall, unpricedReason } from './compute-record';
import { computeOutcomes } from './outcomes';
import type { CallOutcome, TrackedCall } from './types';

interface TickerCallRow extends CallRow {
  publication_slug: string;
}

/**
 * A ticker's past stock and ETF calls with their outcomes, newest first, from every publication. An exit closes only
 * its own publication's calls on the same ticker, so the calls on one ticker, grouped by publication, give exactly the
 * outcomes their publications' records give them, computed from the ticker's and the benchmark's closes alone (a few
 * hundred rows) rather than from every record.
 */
export async function tickerPastCalls(db: Queryable, ticker: string, callLimit: number): Promise<TickerPastCalls> {
  const rows = await db.query<TickerCallRow>(
    `select sp.call_id, pub.slug as publication_slug, p.slug as post_slug, sp.ticker, sp.direction, sp.action,
            p.published_at
       from stock_picks sp join posts p on p.id = sp.post_id join publications pub on pub.id = p.publication_id
      where sp.ticker = $1 and sp.instrument_type in ('EQUITY', 'ETF')`,
    [ticker],
  );
  const tickers = [...new Set([ticker, US_BENCHMARK])];
  const [prices, statuses] = await Promise.all([readSeries(db, tickers), seriesStatuses(db, tickers)]);
  const byPublication = new Map<string, TrackedCall[]>();
  const rowOf = new Map<string, TickerCallRow>();
  for (const row of rows) {
    rowOf.set(row.call_id, row);
    const call: TrackedCall = {
      callId: row.call_id,
      ticker: row.ticker,
      direction: row.direction,
      action: row.action,
      publishedAt: row.published_at === null ? null : new Date(row.published_at),
    };
    const calls = byPublication.get(row.publication_slug);
    if (calls) calls.push(call);
    else byPublication.set(row.publication_slug, [call]);
  }
  const outcomes: CallOutcome[] = [...byPublication.values()].flatMap((calls) =>
    computeOutcomes(calls, prices, benchmarkFor),
  );
  return {
    total: rows.length,
    pricesAsOf: prices.get(US_BENCHMARK)?.days.at(-1) ?? null,
    pricesSource: pricesSourceOf(statuses),
    calls: newestFirst(outcomes)
      .slice(0, callLimit)
      .map((o) => {
        const row = rowOf.get(o.call.callId)!;
        return {
          publicationSlug: row.publication_slug,
          ...toCall(o, row.post_slug, unpricedReason(o, statuses)),
        };
      }),
  };
}
