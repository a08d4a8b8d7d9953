import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { followChanges } from '@/lib/search/postings/live-postings';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';
import { indexPendingPosts } from './index-pending';
import { type IndexingRunResult, indexingRunSlot, searchIndexingRun } from './runs';
import { countPendingPosts, forgetPendingSearchPosts } from './status';
import { type Activity, type YieldingDb, yieldingDb } from './yielding-db';

export interface BackgroundIndexingOptions {
  /** Embeds after the lexical pass when given, as start-up does inline. */
  embeddings: EmbeddingProvider | null;
  /** Other vector indexes kept in post_embeddings, filled last (the briefs' lead meanings, lib/briefs/lead-meaning.ts). */
  extraEmbeddings?: readonly EmbeddingProvider[];
  log: (line: string) => void;
  /** Posts per lexical batch (one transaction each); by default small enough on PGlite to keep requests flowing. */
  batchSize?: number;
  /** Least time between two progress lines. */
  progressEveryMs?: number;
}

/**
 * PGlite has one connection and a transaction holds it: every request waits for the batch in progress, so its batches
 * are small, at some cost in total time against larger ones. PostgreSQL serves reads beside a batch, so its batches
 * only need to stay short enough to stop promptly on close. The times of each: `npm run bench`, docs/benchmarks.md.
 */
const BATCH_SIZE = { pglite: 100, postgres: 1000 } as const;
/**
 * After a batch the run waits until the service's statements have stopped for this long: a search runs several one
 * after the other, and taking PGlite's connection back between two of them would make it wait for a whole batch again.
 */
const QUIET_MS = 20;
/** It waits at most as long as the batch took (at least this), so a steady stream of requests slows it to half. */
const MIN_YIELD_MS = 20;
/**
 * Without a view of the service's statements (a database not from withBackgroundIndexing), a pause of a tenth of the
 * batch: a search of several statements may then wait for more than one batch, but is not held up for good.
 */
const BLIND_PAUSE_SHARE = 0.1;
const PROGRESS_EVERY_MS = 5000;
/** Posts per batch of an extra index: its model runs in this thread (about 10 ms a post), and a request waits a batch. */
const EXTRA_BATCH_SIZE = 8;
/** How long closing the database waits for the batch in progress to end. */
const STOP_WAIT_MS = 5000;

// The databases withBackgroundIndexing handed out, and what the run needs of each (lib/search/index/yielding-db.ts).
const yielding = new WeakMap<Db, YieldingDb>();

/**
 * The database as the service should use it: background indexing on it makes way for its statements, and closing it
 * stops the run first, so that a batch is not cut by the connection going away (PostgreSQL's `sql.end` would end it
 * after 5 s; PGlite lets it finish but fails the next one). Should the wait run out, the run's next statement fails on
 * the closed database, which it reports as stopped.
 */
export function withBackgroundIndexing(db: Db): Db {
  const wrapped = yieldingDb(db, (served) => stopSearchIndexing(served));
  yielding.set(wrapped.served, wrapped);
  return wrapped.served;
}

/**
 * Indexes the posts waiting for search (lexical documents, then embeddings) without holding up the caller: the
 * returned promise resolves when the run ends and never rejects. Single-flight per database: while a run is in
 * flight, calling again joins it. A failure is logged and leaves the posts pending for the next start; closing the
 * database from withBackgroundIndexing stops the run between batches.
 */
export function indexInBackground(db: Db, options: BackgroundIndexingOptions): Promise<IndexingRunResult> {
  const running = searchIndexingRun(db);
  if (running) return running;
  const controller = new AbortController();
  const run = {
    controller,
    done: runIndexing(db, options, controller.signal).finally(() => {
      if (indexingRunSlot(db).get() === run) indexingRunSlot(db).set(undefined);
      forgetPendingSearchPosts(db);
    }),
  };
  indexingRunSlot(db).set(run);
  return run.done;
}

/** Stops the run in flight on this database (no batch starts after this) and waits for it, up to waitMs. */
export async function stopSearchIndexing(db: Db, waitMs = STOP_WAIT_MS): Promise<void> {
  const run = indexingRunSlot(db).get();
  if (!run) return;
  run.controller.abort();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([run.done, deadline]);
  clearTimeout(timer);
}

async function runIndexing(served: Db, options: BackgroundIndexingOptions, signal: AbortSignal) {
  const db = yielding.get(served)?.raw ?? served;
  const activity = yielding.get(served)?.activity ?? null;
  const log = (line: string) => {
    try {
      options.log(`search index: ${line}`);
    } catch {
      // A broken log sink must not stop indexing, nor reject a promise nobody awaits.
    }
  };
  const batchSize = options.batchSize ?? BATCH_SIZE[db.kind];
  const progressEveryMs = options.progressEveryMs ?? PROGRESS_EVERY_MS;
  const started = Date.now();
  const result: IndexingRunResult = { outcome: 'done', indexed: 0, embedded: 0, ms: 0 };
  let failure = '';
  let reported = started;
  let batchStarted = started;
  // After each batch: progress now and then, then make way for the requests that queued behind it.
  const afterBatch = async (line: () => string) => {
    const now = Date.now();
    if (now - reported >= progressEveryMs) {
      reported = now;
      log(line());
    }
    const took = now - batchStarted;
    // PostgreSQL serves requests on other connections meanwhile: one turn of the event loop is enough there.
    if (db.kind === 'postgres') await pause(0, signal);
    else if (activity) await makeWay(activity, Math.max(took, MIN_YIELD_MS), signal);
    else await pause(Math.round(took * BLIND_PAUSE_SHARE), signal);
    batchStarted = Date.now();
  };
  try {
    const pending = await countPendingPosts(db);
    log(`indexing ${pending} posts in the background (batches of ${batchSize}); searches answer meanwhile`);
    result.indexed = await indexPendingPosts(db, {
      batchSize,
      signal,
      onBatch: (indexed) => {
        forgetPendingSearchPosts(served);
        result.indexed += indexed;
        const done = result.indexed;
        return afterBatch(() => `${done} of ${pending} posts indexed in ${Date.now() - started} ms`);
      },
    });
    if (options.embeddings && !signal.aborted) {
      result.embedded = await embedPendingPosts(db, options.embeddings, {
        signal,
        onBatch: (embedded) => {
          result.embedded += embedded;
          const done = result.embedded;
          return afterBatch(() => `${done} posts embedded in ${Date.now() - started} ms`);
        },
      });
    }
    for (const provider of options.extraEmbeddings ?? []) {
      if (signal.aborted) break;
      let done = 0;
      result.embedded += await embedPendingPosts(db, provider, {
        signal,
        batchSize: EXTRA_BATCH_SIZE,
        onBatch: (embedded) => {
          done += embedded;
          return afterBatch(() => `${provider.id}: ${done} posts embedded in ${Date.now() - started} ms`);
        },
      });
    }
    if (signal.aborted) result.outcome = 'stopped';
    // The run's posts reach this process's postings now, so that /readyz counts them until they are in.
    else await followChanges(served);
  } catch (error) {
    // Closing the database under a running statement fails it: that is the stop asked for, not a failure.
    result.outcome = signal.aborted ? 'stopped' : 'failed';
    failure = error instanceof Error ? error.message : String(error);
  }
  result.ms = Date.now() - started;
  const counts = `${result.indexed} posts indexed, ${result.embedded} embedded in ${result.ms} ms`;
  if (result.outcome === 'done') log(`background run done: ${counts}`);
  else if (result.outcome === 'stopped') log(`background run stopped (database closing): ${counts}; the rest waits`);
  else log(`background run failed after ${counts}: ${failure}; the rest stays pending for the next start`);
  return result;
}

/** Waits until the service has been quiet for QUIET_MS, for at most `limitMs`, or until the run is stopped. */
async function makeWay(activity: Activity, limitMs: number, signal: AbortSignal): Promise<void> {
  // Quiet since the batch ended too: a request whose bytes arrived while PGlite ran the batch (which blocks this
  // thread) is read only now, and needs a moment to reach its first statement.
  const batchEnded = Date.now();
  const until = batchEnded + limitMs;
  do await pause(5, signal);
  while (!signal.aborted && Date.now() < until && !activity.quietFor(QUIET_MS, batchEnded));
}

/** Waits ms (at least one turn of the event loop), or less once the run is stopped. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
