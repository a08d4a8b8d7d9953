import { PublicationListResponse } from '@/lib/api/contracts/publications';
import { apiRoute, jsonResponse } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { listPublications } from '@/lib/publications/list';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => {
  const publications = await listPublications(await getDb());
  return jsonResponse(PublicationListResponse, { publications });
});
