import { env } from '@/lib/env';
import { configuredEmbeddings } from '@/lib/search/embeddings/configured';
import { prepareDatabase } from './prepare';
import type { Db } from './types';

// Route handlers and the custom server are bundled separately by Next, so the one open database of this process
// lives on globalThis rather than in a module variable.
const globalDb = globalThis as typeof globalThis & { __appDb?: Promise<Db> };

/** The process-wide database: opened, migrated and (on the embedded default) seeded on first use. */
export function getDb(): Promise<Db> {
  if (!globalDb.__appDb) {
    const config = env();
    const opening = prepareDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      demo: config.seedDemoData ? { seed: config.DEMO_SEED, posts: config.DEMO_POSTS } : null,
      embeddings: configuredEmbeddings(),
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
