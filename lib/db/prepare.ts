import { isCatalogueEmpty, seedDemoCorpus } from '@/lib/demo/load';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { indexPendingPosts } from '@/lib/search/index/index-pending';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';
import { migrate } from './migrate';
import { type DbConfig, openDatabase } from './open';
import type { Db } from './types';

export interface PrepareOptions extends DbConfig {
  /** Demo corpus to load when the catalogue is empty; null never seeds. */
  demo: { seed: number; posts: number } | null;
  /** Posts waiting for search indexing are indexed (and embedded with this provider, when given) before use. */
  embeddings?: EmbeddingProvider | null;
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
    await indexForSearch(db, options.embeddings ?? null, log);
    return db;
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
