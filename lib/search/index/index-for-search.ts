import type { Db } from '@/lib/db/types';
import type { EmbeddingProvider } from '@/lib/search/embeddings/provider';
import { embedPendingPosts } from '@/lib/search/semantic/embed-pending';
import { recordTickerMentions } from '@/lib/tickers/record-mentions';
import { indexPendingPosts } from './index-pending';

/** Brings search up to date with the posts: lexical documents and, with a provider, embeddings (each computed once). */
export async function indexForSearch(db: Db, embeddings: EmbeddingProvider | null, log: (line: string) => void) {
  const started = Date.now();
  const indexed = await indexPendingPosts(db);
  const embedded = embeddings ? await embedPendingPosts(db, embeddings) : 0;
  if (indexed + embedded > 0) {
    log(`search index: ${indexed} posts indexed, ${embedded} embedded in ${Date.now() - started} ms`);
  }
  // Indexed posts whose tickers were never read: those of a database older than the recorder, or of a run stopped.
  const read = await recordTickerMentions(db);
  if (read > 0) log(`ticker mentions: ${read} earlier posts read`);
}
