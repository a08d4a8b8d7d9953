import { PublicationSearchQuery, PublicationSearchResponse } from '@/lib/api/contracts/publications';
import { apiRoute, jsonResponse } from '@/lib/api/handler';
import { parseQuery } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { searchPublications } from '@/lib/publications/search';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => {
  const { q } = parseQuery(PublicationSearchQuery, new URL(request.url).searchParams);
  const items = await searchPublications(await getDb(), q);
  return jsonResponse(PublicationSearchResponse, { query: q, count: items.length, items });
});
