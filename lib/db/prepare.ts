import { isCatalogueEmpty } from '@/lib/publications/is-catalogue-empty';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { indexInBackground, withBackgroundIndexing } from '@/lib/search/index/background';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { countPendingEmbeddings, countPendingPosts } from '@/lib/search/index/status';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';
import { DEFAULT_BACKGROUND_INDEXING_ABOVE } from './env';
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
  /** Posts waiting for search indexing are indexed (and embedded with this provider, when given). */
  embeddings?: EmbeddingProvider | null;
  /**
   * Up to this many posts waiting (for their search document, or for their embedding) are indexed before
   * prepareDatabase returns, so they are searchable at once; above it they are indexed in the background while the
   * service answers (lib/search/index/background.ts; searchIndexingRun(db) awaits it). Infinity: always before.
   */
  backgroundIndexingAbove?: number;
  log?: (line: string) => void;
}

/**
 * Opens the database, applies pending migrations, seeds an empty catalogue when given a seeder, and brings search up
 * to date: at once for a small backlog, in the background for a large one (closing the database stops it).
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
    const served = withBackgroundIndexing(db);
    const embeddings = options.embeddings ?? null;
    const backlog = Math.max(await countPendingPosts(db), (await countPendingEmbeddings(db, embeddings)) ?? 0);
    if (backlog > (options.backgroundIndexingAbove ?? DEFAULT_BACKGROUND_INDEXING_ABOVE)) {
      // Not awaited: the run never rejects, logs its own end, and leaves what it did not reach pending.
      void indexInBackground(served, { embeddings, log });
    } else {
      await indexForSearch(db, embeddings, log);
    }
    return served;
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Brings search up to date with the posts: lexical documents and, with a provider, embeddings (each computed once). */
export async function indexForSearch(db: Db, embeddings: EmbeddingProvider | null, log: (line: string) => void) {
  const started = Date.now();
  const indexed = await indexPendingPosts(db);
  const embedded = embeddings ? await embedPendingPosts(db, embeddings) : 0;
  if (indexed + embedded > 0) {
    log(`search index: ${indexed} posts indexed, ${embedded} embedded in ${Date.now() - started} ms`);
  }
}
