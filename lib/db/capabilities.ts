import type { Queryable } from './types';

export interface DbCapabilities {
  /** pgvector is installed: semantic search can run. */
  vector: boolean;
}

export async function readCapabilities(db: Queryable): Promise<DbCapabilities> {
  const rows = await db.query<{ vector: boolean }>(
    "select exists (select 1 from pg_extension where extname = 'vector') as vector",
  );
  return { vector: rows[0]?.vector === true };
}
