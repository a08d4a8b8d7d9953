import { DEFAULT_BACKGROUND_INDEXING_ABOVE } from '@/lib/db/env';
import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { keepPostingsSnapshotsIn, livePostings, searchWithPostings } from '@/lib/search/postings/live-postings';
import type { RawStore } from '@/lib/storage/raw-store';
import { indexInBackground, withBackgroundIndexing } from './background';
import { indexForSearch } from './index-for-search';
import { countPendingEmbeddings, countPendingPosts } from './status';

export interface IndexOnOpenOptions {
  /** Posts waiting for search indexing are indexed (and embedded with this provider, when given). */
  embeddings: EmbeddingProvider | null;
  /**
   * Up to this many posts waiting (for their search document, or for their embedding) are indexed before this
   * returns, so they are searchable at once; above it they are indexed in the background while the service answers
   * (./background.ts; searchIndexingRun(db) awaits it). Infinity: always before.
   */
  backgroundIndexingAbove?: number;
  /** Other vector indexes (background.ts's extraEmbeddings): always filled in the background, never awaited. */
  extraEmbeddings?: readonly EmbeddingProvider[];
  /** Whether searches read postings in memory (lib/search/postings; the default) or SQL alone. */
  postings?: boolean;
  /** Where the postings' snapshot is kept: a start loads it instead of every post (lib/search/postings/snapshot.ts). */
  snapshots?: RawStore;
  log: (line: string) => void;
}

/**
 * Brings search up to date on a database just opened (lib/db/prepare.ts): at once for a small backlog, in the
 * background for a large one. Returns the database as the service should use it: closing it stops the run.
 */
export async function indexOnOpen(db: Db, options: IndexOnOpenOptions): Promise<Db> {
  const served = withBackgroundIndexing(db);
  const { embeddings, log } = options;
  const backlog = Math.max(await countPendingPosts(db), (await countPendingEmbeddings(db, embeddings)) ?? 0);
  const extraEmbeddings = options.extraEmbeddings ?? [];
  if (backlog > (options.backgroundIndexingAbove ?? DEFAULT_BACKGROUND_INDEXING_ABOVE)) {
    // Not awaited: the run never rejects, logs its own end, and leaves what it did not reach pending.
    void indexInBackground(served, { embeddings, extraEmbeddings, log });
  } else {
    await indexForSearch(db, embeddings, log);
    let extraBacklog = 0;
    for (const provider of extraEmbeddings) extraBacklog += (await countPendingEmbeddings(db, provider)) ?? 0;
    if (extraBacklog > 0) void indexInBackground(served, { embeddings, extraEmbeddings, log });
  }
  searchWithPostings(served, options.postings ?? true);
  if (options.postings !== false && options.snapshots) keepPostingsSnapshotsIn(served, options.snapshots);
  // The postings in memory are not loaded here: an admin command opens the database for one statement and would read
  // every post (or the snapshot) for nothing, then close the database under the load. They load at the first search,
  // or when the service asks (loadPostingsAhead).
  return served;
}

/**
 * Starts loading the postings in memory now rather than at the first search (in the background for a large corpus):
 * the service, once its database is open. Does nothing when they are off (SEARCH_POSTINGS=sql).
 */
export function loadPostingsAhead(db: Db, log: (line: string) => void): void {
  void livePostings(db).catch((error: unknown) => log(`postings not loaded: ${(error as Error).message}`));
}
