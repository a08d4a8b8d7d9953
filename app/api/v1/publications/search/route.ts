import { PublicationSearchResponse } from '@/lib/api/contracts/publications';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { searchPublications as definition } from '@/lib/api/routes/search-publications';
import { getDb } from '@/lib/db/client';
import { searchPublications } from '@/lib/publications/search';

export const dynamic = 'force-dynamic';

export const GET = handle(definition, async ({ query: { q } }) => {
  const items = await searchPublications(await getDb(), q);
  return jsonResponse(PublicationSearchResponse, { query: q, count: items.length, items });
});
