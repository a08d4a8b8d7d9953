import type { Db } from '@/lib/db/types';

/** Statements and transactions the service runs on a database, as background indexing sees them to make way. */
export class Activity {
  private outstanding = 0;
  private lastEnded = 0;

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.outstanding++;
    try {
      return await work();
    } finally {
      this.outstanding--;
      this.lastEnded = Date.now();
    }
  }

  /**
   * Nothing running or waiting, and nothing ended in the last `ms` (a request between two statements is not done),
   * counting from `since` at the earliest.
   */
  quietFor(ms: number, since = 0, now = Date.now()): boolean {
    return this.outstanding === 0 && now - Math.max(this.lastEnded, since) >= ms;
  }
}

export interface YieldingDb {
  /** What the service uses: each statement counted, and a close that first runs `beforeClose`. */
  served: Db;
  /** The same database, uncounted: what the indexer itself runs on. */
  raw: Db;
  activity: Activity;
}

/** Wraps db so that background work can tell when the service is using it, and be stopped before it closes. */
export function yieldingDb(raw: Db, beforeClose: (served: Db) => Promise<void>): YieldingDb {
  const activity = new Activity();
  const served: Db = {
    kind: raw.kind,
    query: (text, params) => activity.track(() => raw.query(text, params)),
    exec: (text) => activity.track(() => raw.exec(text)),
    transaction: (fn) => activity.track(() => raw.transaction(fn)),
    async close() {
      await beforeClose(served);
      await raw.close();
    },
  };
  return { served, raw, activity };
}
