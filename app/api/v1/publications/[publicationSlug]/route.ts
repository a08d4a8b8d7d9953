import { publicBaseUrl } from '@/lib/api/base-url';
import {
  PUBLICATION_POSTS_DEFAULT_LIMIT,
  PublicationDetail,
  PublicationDetailQuery,
} from '@/lib/api/contracts/publications';
import { invalidInput } from '@/lib/api/errors';
import { apiRoute, jsonResponse } from '@/lib/api/handler';
import { parseQuery } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { getPublicationDetail } from '@/lib/publications/get-detail';
import { normalizePublicationSlug } from '@/lib/publications/slug';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicationSlug: string }> };

export const GET = apiRoute(async (request, { params }: Context) => {
  const { publicationSlug } = await params;
  const { limit } = parseQuery(PublicationDetailQuery, new URL(request.url).searchParams);
  const slug = normalizePublicationSlug(publicationSlug);
  if (!slug) throw invalidInput('path', { publicationSlug: ['must be a publication slug or site URL'] });
  const detail = await getPublicationDetail(await getDb(), slug, {
    postLimit: limit ?? PUBLICATION_POSTS_DEFAULT_LIMIT,
    baseUrl: publicBaseUrl(request),
  });
  return jsonResponse(PublicationDetail, detail);
});
