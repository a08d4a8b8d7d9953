import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { SEARCH_INDEX_PENDING_HEADER, searchByTopic } from '@/lib/api/routes/search-by-topic';
import { appContext } from '@/lib/app/process-context';
import { pendingSearchPosts } from '@/lib/search/index/status';
import { searchPosts } from '@/lib/search/search-posts';

export const dynamic = 'force-dynamic';

export const GET = handle(searchByTopic, async ({ query: { q, limit, mode } }) => {
  const { db, embeddings } = await appContext();
  const input = { q, limit: limit ?? 10, mode: mode ?? 'hybrid', now: new Date() };
  const result = await searchPosts(db, input, { embeddings });
  // The body is fixed by the spec: posts not searchable yet are announced in a header. The count is advisory and
  // cached (lib/search/index/status.ts); failing to count does not fail the search.
  const pending = await pendingSearchPosts(db).catch(() => 0);
  const headers = pending > 0 ? { [SEARCH_INDEX_PENDING_HEADER]: String(pending) } : undefined;
  return jsonResponse(TopicSearchResponse, result, { headers });
});
