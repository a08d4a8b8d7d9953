import { isCatalogueEmpty, seedDemoCorpus } from '../demo/load';
import { migrate } from './migrate';
import { openDatabase, type DbConfig } from './open';
import type { Db } from './types';

export interface PrepareOptions extends DbConfig {
  /** Demo corpus to load when the catalogue is empty; null never seeds. */
  demo: { seed: number; posts: number } | null;
  log?: (line: string) => void;
}

/** Opens the database, applies pending migrations and loads the demo corpus into an empty catalogue. */
export async function prepareDatabase(options: PrepareOptions): Promise<Db> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = await openDatabase(options);
  try {
    const applied = await migrate(db);
    for (const name of applied) log(`migration applied: ${name}`);
    if (options.demo && (await isCatalogueEmpty(db))) {
      const started = Date.now();
      const counts = await seedDemoCorpus(db, { ...options.demo, now: new Date() });
      log(
        `demo corpus loaded: ${counts.publications} publications, ${counts.posts} posts, ` +
          `${counts.summaries} summaries, ${counts.picks} stock picks in ${Date.now() - started} ms`,
      );
    }
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
