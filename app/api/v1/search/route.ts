import { TopicSearchQuery, TopicSearchResponse } from '@/lib/api/contracts/search';
import { apiRoute, jsonResponse } from '@/lib/api/handler';
import { parseQuery } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { configuredEmbeddings } from '@/lib/search/embeddings/configured';
import { searchPosts } from '@/lib/search/search-posts';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => {
  const { q, limit, mode } = parseQuery(TopicSearchQuery, new URL(request.url).searchParams);
  const result = await searchPosts(
    await getDb(),
    { q, limit: limit ?? 10, mode: mode ?? 'hybrid', now: new Date() },
    { embeddings: configuredEmbeddings() },
  );
  return jsonResponse(TopicSearchResponse, result);
});
