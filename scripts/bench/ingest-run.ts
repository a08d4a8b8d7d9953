/**
 * One ingestion benchmark in a process of its own, so its peak memory is its own: `BENCH_DATABASE_URL` (empty for
 * PGlite), `BENCH_FEEDS`, `BENCH_FEED_ITEMS`. Prints the figures as one JSON line.
 */
import { benchIngest } from './ingest';

const figures = await benchIngest(
  Number(process.env.BENCH_FEEDS ?? 200),
  Number(process.env.BENCH_FEED_ITEMS ?? 50),
  process.env.BENCH_DATABASE_URL || undefined,
);
console.log(JSON.stringify(figures));
