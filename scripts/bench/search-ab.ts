/**
 * Topic search over HTTP, two commits side by side (issue 50): the built app of another checkout (AB_BEFORE, a
 * directory holding that commit, built with `npx next build`) and of this one, both on the same PostgreSQL database
 * seeded and indexed beforehand (by `npm run bench` with BENCH_REUSE_POSTGRES). The two run at once and are measured
 * in turns, A B B A in each round, so that whatever else the machine does falls on both alike: on a shared machine two
 * runs of `npm run bench` minutes apart differ by more than a change.
 *
 *   AB_BEFORE=/work/before AB_DATABASE_URL=postgres://postgres@127.0.0.1:5432/search_db npm run bench:search-ab
 *
 * Per round and server: the bench's fts mix at one client and at ten, and the publication list at ten (AB_SECONDS
 * each, 5 by default; AB_ROUNDS rounds, 4 by default). Prints for each: p50/p95 at one client over all its rounds,
 * requests per second at ten clients, and the ratio of topic search to the list at ten clients.
 */
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { type RunningService, startService } from '@/tests/helpers/service';
import { measure, ms, NO_RATE_LIMITS, percentile } from './load';
import { postingsLoaded } from './routes';
import { BENCH_QUERIES } from './search';

const before = process.env.AB_BEFORE;
const databaseUrl = process.env.AB_DATABASE_URL;
if (!before || !databaseUrl)
  throw new Error('set AB_BEFORE (a built checkout) and AB_DATABASE_URL (a seeded database)');
const seconds = Number(process.env.AB_SECONDS ?? 5);
const rounds = Number(process.env.AB_ROUNDS ?? 4);

await buildIfNeeded();
const env = {
  DATABASE_URL: databaseUrl,
  SEED_DEMO_DATA: 'false',
  EMBEDDINGS_PROVIDER: 'none',
  BRIEFS_LEAD_INDEX: 'false',
  ...NO_RATE_LIMITS,
};
const servers: Array<[string, RunningService]> = [
  ['before', await startService(env, undefined, { root: before })],
  ['after', await startService(env)],
];
try {
  for (const [, service] of servers) await postingsLoaded(service.url);
  const fts = BENCH_QUERIES.map(({ q }) => `/api/v1/search?q=${encodeURIComponent(q)}&mode=fts`);
  const targets = [
    { key: 'fts1', connections: 1, paths: fts },
    { key: 'fts10', connections: 10, paths: fts },
    { key: 'list10', connections: 10, paths: ['/api/v1/publications'] },
  ];
  const figures = new Map<string, { times: number[]; requests: number; seconds: number }>();
  const add = (key: string, times: number[], requests: number) => {
    const entry = figures.get(key) ?? { times: [], requests: 0, seconds: 0 };
    entry.times.push(...times);
    entry.requests += requests;
    entry.seconds += seconds;
    figures.set(key, entry);
  };
  for (const [, service] of servers) {
    for (const target of targets) await measure('warm-up', service.url, { ...target, seconds: 1 });
  }
  for (let round = 0; round < rounds; round++) {
    // A B B A: a drift of the machine within a round weighs on both alike.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const target of targets) {
      for (const [name, service] of [...order, ...[...order].reverse()]) {
        let times: number[] = [];
        const result = await measure(target.key, service.url, {
          ...target,
          seconds: seconds / 2,
          onTimes: (all) => (times = all),
        });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} ${target.key}: ${result.non2xx} non-2xx`);
        add(`${name} ${target.key}`, times, result.requests);
      }
    }
    console.log(`round ${round + 1} of ${rounds} done`);
  }
  for (const [name] of servers) {
    const one = figures.get(`${name} fts1`)!;
    one.times.sort((a, b) => a - b);
    const rps = (key: string) => figures.get(`${name} ${key}`)!.requests / figures.get(`${name} ${key}`)!.seconds;
    console.log(
      `${name.padEnd(6)} topic search (fts mix), one client: p50 ${ms(percentile(one.times, 50))}, p95 ` +
        `${ms(percentile(one.times, 95))}; ten clients ${rps('fts10').toFixed(0)} req/s against the publication ` +
        `list's ${rps('list10').toFixed(0)}: ${(rps('fts10') / rps('list10')).toFixed(2)}x`,
    );
  }
} finally {
  for (const [, service] of servers) await service.stop();
}
