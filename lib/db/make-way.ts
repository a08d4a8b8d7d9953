import type { Db } from './types';

/**
 * How long bulk work on PGlite pauses between two transactions. PGlite has one connection: a search queued behind a
 * transaction runs when it ends, but its next statement would queue behind the bulk work's next transaction, so a
 * search of ten statements waited for ten of them. A search's statements follow each other within a few milliseconds.
 */
const PGLITE_PAUSE_MS = 20;

/**
 * Lets requests waiting on the database go first, between two transactions of bulk work (a big feed's posts, an
 * indexing run). PostgreSQL serves them on other connections meanwhile: nothing to wait for there.
 */
export function makeWay(db: Pick<Db, 'kind'>): Promise<void> {
  if (db.kind !== 'pglite') return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, PGLITE_PAUSE_MS));
}
