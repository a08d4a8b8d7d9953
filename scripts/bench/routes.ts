import type { RunningService } from '@/tests/helpers/service';
import { type LoadResult, measure, ms } from './load';
import { processMemory } from './memory';
import { BENCH_QUERIES } from './search';

export interface RouteRow extends LoadResult {
  database: string;
  posts: number;
  connections: number;
  peakMiB: number;
}

// A 100,000-post corpus loads its postings in seconds; far longer means something is wrong.
const POSTINGS_LOAD_LIMIT_MS = 10 * 60 * 1000;

/** Waits until the service's searches use their postings in memory (/readyz), as a warm service's do. */
export async function postingsLoaded(url: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const body = (await (await fetch(`${url}/readyz`)).json()) as { search: { postings?: string } | null };
    if (body.search?.postings !== 'loading') return;
    if (Date.now() - started > POSTINGS_LOAD_LIMIT_MS) throw new Error('the service did not load its postings');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The free routes of the built app over HTTP with autocannon, each at every number of clients after a one-second
 * warm-up: latency, requests per second and the server's peak memory.
 */
export async function benchRoutes(
  service: RunningService,
  run: { database: string; posts: number; seconds: number; concurrencies: number[] },
): Promise<RouteRow[]> {
  await postingsLoaded(service.url);
  const list = (await (await fetch(`${service.url}/api/v1/publications`)).json()) as {
    publications: Array<{ slug: string }>;
  };
  const slug = list.publications[0]!.slug;
  // Topic search asks the in-process bench's twelve queries in turn (no two clients on the same one at once), so
  // that nothing one query leaves behind serves the next: what a caller waits for over the whole mix.
  const mix = (mode: string) => BENCH_QUERIES.map(({ q }) => `/api/v1/search?q=${encodeURIComponent(q)}&mode=${mode}`);
  const targets: Array<[string, string[]]> = [
    ['publications list', ['/api/v1/publications']],
    ['publication detail (20 posts)', [`/api/v1/publications/${slug}`]],
    ['publication detail (100 posts)', [`/api/v1/publications/${slug}?limit=100`]],
    ['publication search', ['/api/v1/publications/search?q=macro%20tide']],
    ['topic search (hybrid, query mix)', mix('hybrid')],
    // Lexical alone, as issue 26's HTTP aims judge it (scripts/bench/aims.ts).
    ['topic search (fts, query mix)', mix('fts')],
  ];
  const rows: RouteRow[] = [];
  for (const [name, paths] of targets) {
    for (const connections of run.concurrencies) {
      const target = { connections, paths };
      await measure(name, service.url, { ...target, seconds: 1 }); // warm-up
      const result = await measure(name, service.url, { ...target, seconds: run.seconds });
      const memory = processMemory(service.process.pid!);
      rows.push({ ...result, database: run.database, posts: run.posts, connections, peakMiB: memory?.peakMiB ?? NaN });
      console.log(
        `  http: ${name.padEnd(32)} c=${String(connections).padEnd(3)} p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  ` +
          `${result.rps.toFixed(0).padStart(6)} req/s  non-2xx ${result.non2xx}  errors ${result.errors}  ` +
          `peak RSS ${memory?.peakMiB.toFixed(0)} MiB`,
      );
    }
  }
  return rows;
}
