import type { Db } from '@/lib/db/types';

/** How a background indexing run ended (it never rejects: a failure is logged and its posts stay pending). */
export interface IndexingRunResult {
  outcome: 'done' | 'stopped' | 'failed';
  indexed: number;
  embedded: number;
  ms: number;
}

export interface IndexingRun {
  done: Promise<IndexingRunResult>;
  controller: AbortController;
}

// On globalThis, like the process's context (lib/app/process-context.ts): server.ts starts the run and the route
// handlers, bundled apart by Next with their own copies of this module, ask whether it is in flight.
const holder = globalThis as typeof globalThis & { __searchIndexingRuns?: WeakMap<Db, IndexingRun> };

/** The background indexing runs of this process, one per database at most. */
export function indexingRuns(): WeakMap<Db, IndexingRun> {
  holder.__searchIndexingRuns ??= new WeakMap();
  return holder.__searchIndexingRuns;
}

/** The background run in flight on this database, for tests and scripts that need the index complete; null if none. */
export function searchIndexingRun(db: Db): Promise<IndexingRunResult> | null {
  return indexingRuns().get(db)?.done ?? null;
}
