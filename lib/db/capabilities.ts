import type { Queryable } from './types';

export interface DbCapabilities {
  /** pgvector is installed: semantic search can run. */
  vector: boolean;
  /**
   * pgvector 0.8 or later: an HNSW scan with a filter can keep scanning until it has enough rows
   * (hnsw.iterative_scan).
   */
  vectorIterativeScan: boolean;
}

// Searches ask on every request. Once pgvector is seen it stays (nothing here drops it), so that answer is
// remembered per connection; "absent" is asked again, since a migration may install it.
const withVector = new WeakMap<Queryable, DbCapabilities>();

export async function readCapabilities(db: Queryable): Promise<DbCapabilities> {
  const known = withVector.get(db);
  if (known) return known;
  const rows = await db.query<{ version: string }>(
    "select extversion as version from pg_extension where extname = 'vector'",
  );
  const version = rows[0]?.version;
  if (version === undefined) return { vector: false, vectorIterativeScan: false };
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const capabilities = { vector: true, vectorIterativeScan: major > 0 || minor >= 8 };
  withVector.set(db, capabilities);
  return capabilities;
}
