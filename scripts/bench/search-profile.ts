/**
 * Where a topic search request's time goes in the built server (issue 50): starts server.ts with V8's CPU profiler on
 * a database seeded and indexed beforehand (by `npm run bench` with BENCH_REUSE_POSTGRES or BENCH_REUSE_PGLITE), drives
 * the bench's fts query mix from ten clients with autocannon, stops the server (which writes the profile) and prints
 * the busy time of the load window by part of the stack and the top frames by self time.
 *
 *   PROFILE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/search_db npm run bench:profile-search
 *   PROFILE_DATA_DIR=/path/to/reused/pglite npm run bench:profile-search
 *
 * PROFILE_SECONDS (20), PROFILE_CONNECTIONS (10), PROFILE_MODE (fts) and PROFILE_ROUTE (search, or `list` for the
 * publication list beside it) adjust it; PROFILE_KEEP=dir keeps the .cpuprofile there.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { startService } from '@/tests/helpers/service';
import { measure, ms, NO_RATE_LIMITS } from './load';
import { type CpuProfile, summarizeProfile } from './profile-summary';
import { postingsLoaded } from './routes';
import { BENCH_QUERIES } from './search';

const seconds = Number(process.env.PROFILE_SECONDS ?? 20);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const mode = process.env.PROFILE_MODE ?? 'fts';
const route = process.env.PROFILE_ROUTE ?? 'search';
const databaseUrl = process.env.PROFILE_DATABASE_URL ?? '';
const dataDir = process.env.PROFILE_DATA_DIR;
if (!databaseUrl && !dataDir)
  throw new Error('set PROFILE_DATABASE_URL or PROFILE_DATA_DIR (a seeded, indexed database)');

await buildIfNeeded();
const profileDir = process.env.PROFILE_KEEP ?? mkdtempSync(path.join(tmpdir(), 'finpub-profile-'));
const service = await startService(
  {
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    // As the bench's search service: nothing embedded in the background while it is profiled (a hybrid profile keeps
    // the provider, for the query's vector, on a database whose posts were embedded beforehand).
    ...(mode === 'hybrid' ? {} : { EMBEDDINGS_PROVIDER: 'none' }),
    BRIEFS_LEAD_INDEX: 'false',
    ...NO_RATE_LIMITS,
  },
  undefined,
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
);
await postingsLoaded(service.url);
const paths =
  route === 'list'
    ? ['/api/v1/publications']
    : BENCH_QUERIES.map(({ q }) => `/api/v1/search?q=${encodeURIComponent(q)}&mode=${mode}`);
await measure('warm-up', service.url, { connections, seconds: 2, paths });
const loadStart = performance.now();
const load = await measure(route, service.url, { connections, seconds, paths });
const loadEnd = performance.now();
const exited = new Promise<void>((resolve) => service.process.once('exit', () => resolve()));
await service.stop();
await exited;
const exitAt = performance.now();

// One profile a thread; the server's requests run on the main thread, whose profile is the largest.
const file = readdirSync(profileDir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort((a, b) => statSync(path.join(profileDir, b)).size - statSync(path.join(profileDir, a)).size)[0];
if (!file) throw new Error(`the server wrote no profile to ${profileDir}`);
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
if (!process.env.PROFILE_KEEP) rmSync(profileDir, { recursive: true, force: true });

// The profile spans the process's life; the load window is placed by the time from its end to the process's exit.
const toEnd = (at: number) => (exitAt - at) * 1000;
const summary = summarizeProfile(profile, { fromEndMicros: toEnd(loadStart), toEndMicros: toEnd(loadEnd) });
console.log(
  `${route}${route === 'search' ? ` (${mode} mix)` : ''}, ${connections} clients, ${seconds} s: ${load.rps.toFixed(0)} ` +
    `req/s, p50 ${ms(load.p50)}, p95 ${ms(load.p95)}, ${load.non2xx} non-2xx`,
);
console.log(
  `server busy ${(summary.busyShare * 100).toFixed(0)}% of the window; ` +
    `${(summary.busyMicros / 1000 / Math.max(1, load.requests)).toFixed(2)} ms of the server's thread a request`,
);
console.log('\nbusy time by part (innermost matching frame of each sample):');
for (const [part, share] of summary.parts) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${part}`);
console.log('\ntop frames by self time:');
for (const frame of summary.selfTop) console.log(`  ${(frame.share * 100).toFixed(1).padStart(5)}%  ${frame.name}`);
console.log("\ntop frames by self time, Node's own frames put under the code that called them:");
for (const frame of summary.callerTop) console.log(`  ${(frame.share * 100).toFixed(1).padStart(5)}%  ${frame.name}`);
console.log('\ntop frames by inclusive time:');
for (const frame of summary.totalTop) console.log(`  ${(frame.share * 100).toFixed(1).padStart(5)}%  ${frame.name}`);
