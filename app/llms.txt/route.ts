import { originCacheHeaders, publicBaseUrl } from '@/lib/api/base-url';
import { openApiDocument } from '@/lib/api/openapi/cached';
import { buildLlmsTxt } from '@/lib/api/openapi/llms-txt';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return new Response(buildLlmsTxt(openApiDocument(), publicBaseUrl(request)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8', ...originCacheHeaders() },
  });
}
