import { databaseSlot } from '@/lib/app/process-state';
import { readCapabilities } from '@/lib/db/capabilities';
import type { Db, Queryable } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { postingsCatchingUp, postingsStatus } from '@/lib/search/postings/live-postings';
import { vectorSql } from '@/lib/search/semantic/index-name';
import { indexingRunSlot } from './runs';

export interface SearchIndexStatus {
  /**
   * Posts not searchable yet: new or changed, waiting for their lexical document, or indexed and still being applied
   * to this process's postings.
   */
  pendingPosts: number;
  /** Posts without a vector of the configured model; null without a provider or without pgvector. */
  pendingEmbeddings: number | null;
  /** A background run (lib/search/index/background.ts) is working on them in this process. */
  indexing: boolean;
  /**
   * Whether searches read the postings in memory (lib/search/postings): `loading` while they load (searches then score
   * in SQL, slower, and a query matching too many posts answers 503), `off` when SEARCH_POSTINGS=sql.
   */
  postings: 'loaded' | 'loading' | 'off';
}

/**
 * Posts waiting for lexical indexing. An index-only count on the partial index posts_search_pending_idx (where
 * search_indexed_at is null), which holds only the pending posts: nothing to read once they are indexed.
 */
export async function countPendingPosts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from posts where search_indexed_at is null');
  return row!.n;
}

/** Posts the embedding pass would embed (embed-pending.ts's condition); null when nothing will embed them. */
export async function countPendingEmbeddings(db: Queryable, embeddings: EmbeddingProvider | null) {
  if (!embeddings || !(await readCapabilities(db)).vector) return null;
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from posts p
      where not exists (select 1 from post_embeddings e where e.post_id = p.id and e.model = ${vectorSql(embeddings).model})`,
  );
  return row!.n;
}

export function isSearchIndexing(db: Db): boolean {
  return indexingRunSlot(db).get() !== undefined;
}

/** The whole status, counted now (for /readyz, which is probed every few seconds at most). */
export async function readSearchIndexStatus(db: Db, embeddings: EmbeddingProvider | null): Promise<SearchIndexStatus> {
  const [pendingPosts, pendingEmbeddings] = [await countPendingPosts(db), await countPendingEmbeddings(db, embeddings)];
  return {
    pendingPosts: pendingPosts + postingsCatchingUp(db),
    pendingEmbeddings,
    indexing: isSearchIndexing(db),
    postings: postingsStatus(db),
  };
}

/** How long a search may reuse the pending count: each search answer carries it, and it only says "not yet". */
export const PENDING_COUNT_MAX_AGE_MS = 2000;

// In the process's state (lib/app/process-state.ts), so the background run (started from server.ts) can drop the count
// the route handlers remember.
const counted = (db: Db) => databaseSlot<{ at: number; count: Promise<number> }>(db, 'pendingCount');

/**
 * The pending count for a search answer: the posts waiting for indexing, counted at most once per
 * PENDING_COUNT_MAX_AGE_MS per database (concurrent searches share one count, so searching costs no extra statement in
 * the steady state; a failed count is not kept), and the indexed posts the postings in memory are still applying.
 */
export async function pendingSearchPosts(db: Db, now = Date.now()): Promise<number> {
  return (await pendingIndexing(db, now)) + postingsCatchingUp(db);
}

function pendingIndexing(db: Db, now: number): Promise<number> {
  const cached = counted(db).get();
  if (cached && now - cached.at < PENDING_COUNT_MAX_AGE_MS) return cached.count;
  const count = countPendingPosts(db);
  counted(db).set({ at: now, count });
  count.catch(() => {
    if (counted(db).get()?.count === count) counted(db).set(undefined);
  });
  return count;
}

/** Drops the remembered count (after indexing changed it, or in tests). */
export function forgetPendingSearchPosts(db: Db): void {
  counted(db).set(undefined);
}
