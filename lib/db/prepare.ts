import { isCatalogueEmpty } from '@/lib/publications/is-catalogue-empty';
import { migrate } from './migrate';
import { type DbConfig, openDatabase } from './open';
import type { Db } from './types';

/**
 * Fills an empty catalogue and says what it loaded, for the start-up log. The entry points pass the demo corpus
 * (lib/demo/seeder.ts); the database layer only knows that something may fill an empty catalogue.
 */
export type Seeder = (db: Db) => Promise<string>;

export interface PrepareOptions extends DbConfig {
  /** Run when the catalogue is empty; none (the default) never seeds. */
  seed?: Seeder | null;
  log?: (line: string) => void;
}

/**
 * Opens the database, applies pending migrations and seeds an empty catalogue when given a seeder. Search indexing
 * is not started here: whoever builds the process's context does that (lib/search/index/index-on-open.ts).
 */
export async function prepareDatabase(options: PrepareOptions): Promise<Db> {
  const log = options.log ?? ((line: string) => console.log(line));
  const db = await openDatabase(options);
  try {
    const applied = await migrate(db);
    for (const name of applied) log(`migration applied: ${name}`);
    if (options.seed && (await isCatalogueEmpty(db))) {
      const started = Date.now();
      try {
        const loaded = await options.seed(db);
        log(`${loaded} in ${Date.now() - started} ms`);
      } catch (error) {
        // Two instances started at once on an empty database both try to seed; the load is one transaction, so the
        // second one's rolls back whole on the first one's rows. The catalogue the first one loaded stands.
        if (await isCatalogueEmpty(db)) throw error;
        log('catalogue seeded by another instance starting at the same time');
      }
    }
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
