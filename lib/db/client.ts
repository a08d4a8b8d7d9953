import { env } from '@/lib/env';
import { configuredEmbeddings } from '@/lib/search/embeddings/configured';
import { indexOnOpen } from '@/lib/search/index/index-on-open';
import { prepareDatabase, type Seeder } from './prepare';
import type { Db } from './types';

// Route handlers and the custom server are bundled separately by Next, so the one open database of this process
// lives on globalThis rather than in a module variable.
const globalDb = globalThis as typeof globalThis & { __appDb?: Promise<Db> };

/** The process-wide database, opened and migrated on first use unless the service (server.ts) opened it already. */
export function getDb(): Promise<Db> {
  return globalDb.__appDb ?? openDb();
}

/**
 * Opens the process-wide database now, seeding an empty catalogue with `seed`: server.ts does so before it listens,
 * with the demo corpus on the embedded default. Returns the open database if there is one already.
 */
export function openDb(options: { seed?: Seeder | null } = {}): Promise<Db> {
  if (!globalDb.__appDb) {
    const config = env();
    const opening = prepareDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      pool: {
        max: config.DATABASE_POOL_MAX,
        queueMax: config.DATABASE_QUEUE_MAX,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      },
      seed: options.seed ?? null,
    }).then(async (db) => {
      // Search indexing is started here, apart from opening the database: closing the database stops it.
      try {
        const log = (line: string) => console.log(line);
        const backgroundIndexingAbove = config.SEARCH_INDEX_BACKGROUND_ABOVE;
        return await indexOnOpen(db, { embeddings: configuredEmbeddings(), backgroundIndexingAbove, log });
      } catch (error) {
        await db.close().catch(() => {});
        throw error;
      }
    });
    // A failed start must not be cached forever: the next request tries again.
    opening.catch(() => {
      if (globalDb.__appDb === opening) globalDb.__appDb = undefined;
    });
    globalDb.__appDb = opening;
  }
  return globalDb.__appDb;
}

/** Closes the process-wide database, if one was opened. */
export async function closeDb(): Promise<void> {
  const opening = globalDb.__appDb;
  globalDb.__appDb = undefined;
  if (opening) await (await opening).close();
}
