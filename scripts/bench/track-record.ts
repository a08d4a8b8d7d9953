import type { Db } from '@/lib/db/types';
import { getTrackRecord } from '@/lib/track-record/get-track-record';
import { percentile } from './load';

export interface TrackRecordBench {
  publications: number;
  calls: number;
  closes: number;
  /** Every publication's record computed from the stored closes and stored (each one's first request). */
  allRecordsMs: number;
  /** One new trading day of closes stored for every priced ticker, then every record computed and stored again. */
  newDay: { storeMs: number; allRecordsMs: number };
  /** One publication's record as the route serves it once stored: over `rounds` passes through every publication. */
  p50Ms: number;
  p95Ms: number;
}

/**
 * Issue 48's figures for the track record on a seeded demo database: computing every publication's record from
 * scratch, the update after one new trading day (the first request after it computes the record again), and one
 * record's latency while its inputs are unchanged (the route's work, without HTTP: it reads the stored record).
 */
export async function benchTrackRecord(db: Db, now: Date, rounds: number): Promise<TrackRecordBench> {
  const slugs = (await db.query<{ slug: string }>('select slug from publications order by slug')).map((r) => r.slug);
  const options = { now, callLimit: 100, providerConfigured: false };
  const everyRecord = async (latencies?: number[]) => {
    const started = performance.now();
    for (const slug of slugs) {
      const one = performance.now();
      await getTrackRecord(db, slug, options);
      latencies?.push(performance.now() - one);
    }
    return performance.now() - started;
  };
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;
  const calls = await count('stock_picks');
  const closes = await count('daily_prices');
  const allRecordsMs = await everyRecord();

  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) await everyRecord(latencies);
  latencies.sort((a, b) => a - b);

  // The next weekday after the last stored close, for every ticker that has closes: what the daily fetch adds.
  const storeStarted = performance.now();
  await db.query(
    `with last as (select distinct on (ticker) ticker, day, adjusted_close from daily_prices order by ticker, day desc)
     insert into daily_prices (ticker, day, adjusted_close, source)
     select ticker,
            day + case extract(isodow from day) when 5 then 3 when 6 then 2 else 1 end,
            adjusted_close * 1.002, 'demo'
       from last`,
  );
  const storeMs = performance.now() - storeStarted;
  const newDayRecordsMs = await everyRecord();
  return {
    publications: slugs.length,
    calls,
    closes,
    allRecordsMs,
    newDay: { storeMs, allRecordsMs: newDayRecordsMs },
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
  };
}
