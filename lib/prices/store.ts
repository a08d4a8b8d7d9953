import type { Queryable } from '@/lib/db/types';
import type { DailyBar, PriceSource } from './provider';

/** Upserts closes: a day fetched again (a later adjustment) replaces the stored one. */
export async function storeBars(db: Queryable, ticker: string, source: PriceSource, bars: DailyBar[]): Promise<void> {
  if (bars.length === 0) return;
  await db.query(
    `insert into daily_prices (ticker, day, adjusted_close, volume, source)
     select $1, r.day, r.adjusted_close, r.volume, $2
       from jsonb_to_recordset($3::text::jsonb) as r(day date, adjusted_close double precision, volume double precision)
     on conflict (ticker, day) do update
       set adjusted_close = excluded.adjusted_close, volume = excluded.volume, source = excluded.source,
           fetched_at = now()`,
    [
      ticker,
      source,
      JSON.stringify(bars.map((b) => ({ day: b.day, adjusted_close: b.adjustedClose, volume: b.volume }))),
    ],
  );
}

/** Stores many tickers' closes in one statement, each with status 'ok' (the demo seeder's bulk write). */
export async function storeSeries(
  db: Queryable,
  source: PriceSource,
  series: readonly { ticker: string; days: readonly string[]; closes: readonly number[] }[],
): Promise<number> {
  const rows = series.flatMap((s) => s.days.map((day, i) => ({ ticker: s.ticker, day, adjusted_close: s.closes[i] })));
  if (rows.length === 0) return 0;
  await db.query(
    `insert into daily_prices (ticker, day, adjusted_close, source)
     select r.ticker, r.day, r.adjusted_close, $1
       from jsonb_to_recordset($2::text::jsonb) as r(ticker text, day date, adjusted_close double precision)
     on conflict (ticker, day) do update
       set adjusted_close = excluded.adjusted_close, volume = null, source = excluded.source, fetched_at = now()`,
    [source, JSON.stringify(rows)],
  );
  await db.query(
    `insert into price_series (ticker, source, status)
     select unnest($2::text[]), $1, 'ok'
     on conflict (ticker) do update set source = excluded.source, status = 'ok', message = null, checked_at = now()`,
    [source, series.map((s) => s.ticker)],
  );
  return rows.length;
}

export async function recordSeriesStatus(
  db: Queryable,
  ticker: string,
  source: PriceSource,
  status: 'ok' | 'no_data' | 'error',
  message: string | null,
): Promise<void> {
  await db.query(
    `insert into price_series (ticker, source, status, message, checked_at) values ($1, $2, $3, $4, now())
     on conflict (ticker) do update
       set source = excluded.source, status = excluded.status, message = excluded.message, checked_at = now()`,
    [ticker, source, status, message],
  );
}

/** A ticker's closes, oldest first: what the outcomes are computed from. */
export interface PriceSeries {
  days: string[];
  closes: number[];
}

/** The stored closes of `tickers`, per ticker (a ticker without closes is absent). */
export async function readSeries(db: Queryable, tickers: readonly string[]): Promise<Map<string, PriceSeries>> {
  const rows = await db.query<{ ticker: string; day: string; adjusted_close: number }>(
    `select ticker, to_char(day, 'YYYY-MM-DD') as day, adjusted_close
       from daily_prices where ticker = any($1::text[]) order by ticker, day`,
    [tickers],
  );
  const series = new Map<string, PriceSeries>();
  for (const row of rows) {
    let s = series.get(row.ticker);
    if (!s) {
      s = { days: [], closes: [] };
      series.set(row.ticker, s);
    }
    s.days.push(row.day);
    s.closes.push(Number(row.adjusted_close));
  }
  return series;
}
