import { publicBaseUrl } from '@/lib/api/base-url';
import {
  PUBLICATION_POSTS_DEFAULT_LIMIT,
  PublicationDetail,
  PublicationDetailQuery,
  PublicationSlugParam,
} from '@/lib/api/contracts/publications';
import { apiRoute, jsonResponse } from '@/lib/api/handler';
import { parseParams, parseQuery } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { getPublicationDetail } from '@/lib/publications/get-detail';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicationSlug: string }> };

export const GET = apiRoute(async (request, { params }: Context) => {
  const { limit } = parseQuery(PublicationDetailQuery, new URL(request.url).searchParams);
  const { publicationSlug } = parseParams(PublicationSlugParam, await params, 'path');
  const detail = await getPublicationDetail(await getDb(), publicationSlug, {
    postLimit: limit ?? PUBLICATION_POSTS_DEFAULT_LIMIT,
    baseUrl: publicBaseUrl(request),
  });
  return jsonResponse(PublicationDetail, detail);
});
