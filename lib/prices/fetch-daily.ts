import type { Db } from '@/lib/db/types';
import { suffixedListing } from '@/lib/reference/exchanges';
import { US_BENCHMARK } from './benchmark';
import { type PriceProvider, PriceProviderError } from './provider';
import { recordSeriesStatus, storeBars } from './store';

/** Closes before a ticker's first call are fetched this far back: a call's entry never needs an earlier one. */
const LEAD_DAYS = 7;
/** Relative difference above which a re-read close means the source re-adjusted the history (a split, a dividend). */
const ADJUSTMENT_TOLERANCE = 1e-6;

export interface FetchSummary {
  tickers: number;
  fetched: number;
  upToDate: number;
  noData: number;
  failed: number;
  /** Closes stored (new or replaced). */
  bars: number;
  /** Tickers whose whole history was fetched again because the source's adjustment changed. */
  readjusted: number;
  /** Set when the run stopped early: a refused key or the provider's rate limit. */
  stopped: string | null;
}

interface Wanted {
  ticker: string;
  /** The first day worth having: a week before the ticker's first call. */
  firstDay: string;
  lastDay: string | null;
  lastClose: number | null;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Fetches only what is missing: for each ticker with a call (stocks and ETFs) and the benchmark, the closes from its
 * last stored day (read again, to notice a re-adjusted history) to today. A ticker never fetched starts a week before
 * its first call. Run after each trading day (lib/jobs/definitions/fetch-daily-prices.ts).
 */
export async function fetchDailyPrices(db: Db, provider: PriceProvider, now: Date): Promise<FetchSummary> {
  const today = isoDay(now);
  const wanted = await db.query<{
    ticker: string;
    first_day: string;
    last_day: string | null;
    last_close: number | null;
  }>(
    `with called as (
       select ticker, min(pick_day) as first_call from stock_picks
        where instrument_type in ('EQUITY', 'ETF') group by ticker
       union all
       select $1, min(pick_day) from stock_picks having count(*) > 0
     ), firsts as (select ticker, min(first_call) as first_call from called group by ticker)
     select f.ticker, to_char(f.first_call - $2::int, 'YYYY-MM-DD') as first_day,
            to_char(last.day, 'YYYY-MM-DD') as last_day, last.adjusted_close as last_close
       from firsts f
       left join lateral (select day, adjusted_close from daily_prices d
                           where d.ticker = f.ticker and d.source = $3 order by day desc limit 1) last on true
       left join price_series ps on ps.ticker = f.ticker
      -- The benchmark first (without it nothing is scored), then the tickers never checked or checked longest ago: a
      -- run stopped by the rate limit is taken up where it stopped, not begun again with the same tickers every day.
      order by f.ticker = $1 desc, ps.checked_at asc nulls first, f.ticker`,
    [US_BENCHMARK, LEAD_DAYS, provider.source],
  );
  const summary: FetchSummary = {
    tickers: wanted.length,
    fetched: 0,
    upToDate: 0,
    noData: 0,
    failed: 0,
    bars: 0,
    readjusted: 0,
    stopped: null,
  };
  for (const row of wanted) {
    const item: Wanted = {
      ticker: row.ticker,
      firstDay: row.first_day,
      lastDay: row.last_day,
      lastClose: row.last_close === null ? null : Number(row.last_close),
    };
    if (item.lastDay !== null && item.lastDay >= today) {
      summary.upToDate += 1;
      continue;
    }
    try {
      await fetchOne(db, provider, item, today, summary);
    } catch (error) {
      if (!(error instanceof PriceProviderError)) throw error;
      if (error.kind !== 'failed') {
        summary.stopped = error.message;
        break;
      }
      summary.failed += 1;
      await recordSeriesStatus(db, item.ticker, provider.source, 'error', error.message);
    }
  }
  return summary;
}

async function fetchOne(
  db: Db,
  provider: PriceProvider,
  item: Wanted,
  today: string,
  summary: FetchSummary,
): Promise<void> {
  if (suffixedListing(item.ticker) !== null && provider.source === 'massive') {
    summary.noData += 1;
    await recordSeriesStatus(
      db,
      item.ticker,
      provider.source,
      'no_data',
      'not a US listing: Massive serves US listings',
    );
    return;
  }
  const from = item.lastDay ?? item.firstDay;
  let answer = await provider.dailyBars(item.ticker, from, today);
  if (answer.status === 'no_data') {
    summary.noData += 1;
    await recordSeriesStatus(db, item.ticker, provider.source, 'no_data', 'the provider has no closes for it');
    return;
  }
  // The last stored day, read again: a different adjusted close means every stored close is on the old basis.
  const again = answer.bars.find((bar) => bar.day === item.lastDay);
  const lastClose = item.lastClose;
  if (again && lastClose !== null && Math.abs(again.adjustedClose / lastClose - 1) > ADJUSTMENT_TOLERANCE) {
    answer = await provider.dailyBars(item.ticker, item.firstDay, today);
    if (answer.status === 'no_data') return;
    const bars = answer.bars;
    await db.transaction(async (tx) => {
      await tx.query('delete from daily_prices where ticker = $1', [item.ticker]);
      await storeBars(tx, item.ticker, provider.source, bars);
    });
    summary.readjusted += 1;
  } else {
    await storeBars(db, item.ticker, provider.source, answer.bars);
  }
  summary.fetched += 1;
  summary.bars += answer.bars.length;
  await recordSeriesStatus(db, item.ticker, provider.source, 'ok', null);
}
