import type { Db } from '@/lib/db/types';

/**
 * Another handle on the same database that records the statements sent through it. Per-database state keyed by the
 * handle (the postings in memory, say) is then its own, as another process's would be.
 */
export function recordingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const handle: Db = {
    get kind() {
      return db.kind;
    },
    query: (text, params) => {
      statements.push(text);
      return db.query(text, params);
    },
    exec: (text) => db.exec(text),
    transaction: (fn) => db.transaction(fn),
    close: async () => {},
  };
  return { db: handle, statements };
}
