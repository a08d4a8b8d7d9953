import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Db, Queryable, Row } from './types';

function wrap(pg: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const result = await pg.query<T>(text, params as unknown[]);
      return result.rows;
    },
    async exec(text: string) {
      await pg.exec(text);
    },
  };
}

/**
 * Opens (creating when needed) the embedded database in dataDir, or in memory when dataDir is null. It does not guard
 * the directory against another process: lib/db/owner/open-owned.ts does, and is what the entry points use.
 * `debug: 1` prints PostgreSQL's log (the reason behind a bare `Aborted()`).
 */
export async function openPglite(dataDir: string | null, options: { debug?: 1 } = {}): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? undefined, { extensions: { vector, pg_trgm }, ...options });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
