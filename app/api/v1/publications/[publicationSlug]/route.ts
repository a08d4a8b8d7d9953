import { originCacheHeaders, publicBaseUrl } from '@/lib/api/base-url';
import { PUBLICATION_POSTS_DEFAULT_LIMIT, PublicationDetail } from '@/lib/api/contracts/publications';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { getPublication } from '@/lib/api/routes/get-publication';
import { getDb } from '@/lib/db/client';
import { getPublicationDetail } from '@/lib/publications/get-detail';

export const dynamic = 'force-dynamic';

export const GET = handle(getPublication, async ({ request, params, query }) => {
  const detail = await getPublicationDetail(await getDb(), params.publicationSlug, {
    postLimit: query.limit ?? PUBLICATION_POSTS_DEFAULT_LIMIT,
    baseUrl: publicBaseUrl(request),
  });
  // Image URLs carry the origin.
  return jsonResponse(PublicationDetail, detail, { headers: originCacheHeaders() });
});
