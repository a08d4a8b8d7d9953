import { originCacheHeaders, publicBaseUrl } from '@/lib/api/base-url';
import {
  PUBLICATION_POSTS_DEFAULT_LIMIT,
  PublicationDetail,
  PublicationDetailWithRecord,
} from '@/lib/api/contracts/publications';
import { jsonResponse } from '@/lib/api/handler';
import { handle } from '@/lib/api/route';
import { getPublication } from '@/lib/api/routes/get-publication';
import { getDb } from '@/lib/db/client';
import { getPublicationDetail } from '@/lib/publications/get-detail';
import { recordHeadlines } from '@/lib/track-record/headline';

export const dynamic = 'force-dynamic';

export const GET = handle(getPublication, async ({ request, params, query }) => {
  const db = await getDb();
  const detail = await getPublicationDetail(db, params.publicationSlug, {
    postLimit: query.limit ?? PUBLICATION_POSTS_DEFAULT_LIMIT,
    baseUrl: publicBaseUrl(request),
  });
  // Image URLs carry the origin.
  const init = { headers: originCacheHeaders() };
  // Only when asked: the default body is exactly the spec's PublicationDetail.
  if (query.include !== 'publicationRecord') return jsonResponse(PublicationDetail, detail, init);
  const publicationRecord = (await recordHeadlines(db, [detail.slug])).get(detail.slug);
  return jsonResponse(PublicationDetailWithRecord, { ...detail, publicationRecord }, init);
});
