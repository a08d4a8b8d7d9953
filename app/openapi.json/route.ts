import { originCacheHeaders, publicBaseUrl } from '@/lib/api/base-url';
import { openApiDocument } from '@/lib/api/openapi/cached';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const document = { ...openApiDocument(), servers: [{ url: publicBaseUrl(request) }] };
  return Response.json(document, { headers: { 'Access-Control-Allow-Origin': '*', ...originCacheHeaders() } });
}
