import { databaseSlot } from '@/lib/app/process-state';
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

/** The background indexing run of this database, one at most, kept in the process's state (lib/app/process-state.ts). */
export const indexingRunSlot = (db: Db) => databaseSlot<IndexingRun>(db, 'indexingRun');

/** The background run in flight on this database, for tests and scripts that need the index complete; null if none. */
export function searchIndexingRun(db: Db): Promise<IndexingRunResult> | null {
  return indexingRunSlot(db).get()?.done ?? null;
}
