import type { Queryable } from './types';

export interface DbCapabilities {
  /** pgvector is installed: semantic search can run. */
  vector: boolean;
}

// Searches ask on every request. Once pgvector is seen it stays (nothing here drops it), so that answer is
// remembered per connection; "absent" is asked again, since a migration may install it.
const withVector = new WeakSet<Queryable>();

export async function readCapabilities(db: Queryable): Promise<DbCapabilities> {
  if (withVector.has(db)) return { vector: true };
  const rows = await db.query<{ vector: boolean }>(
    "select exists (select 1 from pg_extension where extname = 'vector') as vector",
  );
  const vector = rows[0]?.vector === true;
  if (vector) withVector.add(db);
  return { vector };
}
