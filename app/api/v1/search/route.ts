import { TopicSearchResponse } from '@/lib/api/contracts/search';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { searchByTopic } from '@/lib/api/routes/search-by-topic';
import { getDb } from '@/lib/db/client';
import { configuredEmbeddings } from '@/lib/search/embeddings/configured';
import { searchPosts } from '@/lib/search/search-posts';

export const dynamic = 'force-dynamic';

export const GET = handle(searchByTopic, async ({ query: { q, limit, mode } }) => {
  const input = { q, limit: limit ?? 10, mode: mode ?? 'hybrid', now: new Date() };
  const result = await searchPosts(await getDb(), input, { embeddings: configuredEmbeddings() });
  return jsonResponse(TopicSearchResponse, result);
});
