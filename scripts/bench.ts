/**
 * `npm run bench`: load-tests the free routes of the built app at 1,500 and 100,000 posts and prints p50/p95 latency,
 * requests per second and the server's peak memory. On PGlite by default; on PostgreSQL too when DATABASE_URL is set.
 * Figures are printed, never asserted. BENCH_SIZES, BENCH_SECONDS and BENCH_CONNECTIONS (a list) override the defaults.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed';
import { measure, type LoadResult } from './bench/load';
import { processMemory } from './bench/memory';
import { prepareDatabase } from '../lib/db/prepare';
import { seedDemoCorpus } from '../lib/demo/load';
import { createTestDatabase } from '../tests/helpers/test-database';
import { startService } from '../tests/helpers/service';

const sizes = (process.env.BENCH_SIZES ?? '1500,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// One client shows the latency of a request; ten show behaviour under concurrent load on two cores.
const concurrencies = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);

interface Row extends LoadResult {
  database: string;
  posts: number;
  connections: number;
  peakMiB: number;
}

async function seed(posts: number, target: { databaseUrl?: string; dataDir: string }) {
  const started = Date.now();
  const db = await prepareDatabase({ ...target, demo: null, log: () => {} });
  await seedDemoCorpus(db, { seed: 20261122, posts, now: new Date() });
  await db.close();
  return (Date.now() - started) / 1000;
}

async function benchOne(database: 'pglite' | 'postgres', posts: number): Promise<Row[]> {
  const testDb = database === 'postgres' ? await createTestDatabase() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-bench-'));
  const seedSeconds = await seed(posts, { databaseUrl: testDb?.url, dataDir });
  console.log(`\n${database}, ${posts} posts (seeded in ${seedSeconds.toFixed(1)} s)`);
  const service = await startService({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    // Empty means unset: the PGlite run must not inherit the DATABASE_URL of the PostgreSQL run.
    DATABASE_URL: testDb?.url ?? '',
  });
  try {
    const list = (await (await fetch(`${service.url}/api/v1/publications`)).json()) as { publications: Array<{ slug: string }> };
    const slug = list.publications[0]!.slug;
    const targets: Array<[string, string]> = [
      ['publications list', '/api/v1/publications'],
      ['publication detail (20 posts)', `/api/v1/publications/${slug}`],
      ['publication detail (100 posts)', `/api/v1/publications/${slug}?limit=100`],
      ['publication search', '/api/v1/publications/search?q=macro%20tide'],
    ];
    const rows: Row[] = [];
    for (const [name, route] of targets) {
      for (const connections of concurrencies) {
        await measure(name, service.url + route, { connections, seconds: 1 }); // warm-up
        const result = await measure(name, service.url + route, { connections, seconds });
        const memory = processMemory(service.process.pid!);
        rows.push({ ...result, database, posts, connections, peakMiB: memory?.peakMiB ?? NaN });
        console.log(
          `  ${name.padEnd(32)} c=${String(connections).padEnd(3)} p50 ${result.p50.toFixed(1).padStart(6)} ms  ` +
            `p95 ${result.p95.toFixed(1).padStart(6)} ms  ${result.rps.toFixed(0).padStart(6)} req/s  ` +
            `non-2xx ${result.non2xx}  errors ${result.errors}  peak RSS ${memory?.peakMiB.toFixed(0)} MiB`,
        );
      }
    }
    return rows;
  } finally {
    await service.stop();
    await testDb?.drop();
  }
}

buildIfNeeded();
const databases: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`free routes: ${concurrencies.join(' and ')} connections, ${seconds} s per route, autocannon`);
const rows: Row[] = [];
for (const database of databases) for (const posts of sizes) rows.push(...(await benchOne(database, posts)));
mkdirSync('bench-results', { recursive: true });
const file = path.join('bench-results', `free-routes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(rows, null, 2));
console.log(`\nfigures written to ${file}`);
