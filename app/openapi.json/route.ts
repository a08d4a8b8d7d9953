import { originCacheHeaders, publicBaseUrl } from '@/lib/api/base-url';
import { openApiDocument } from '@/lib/api/openapi/cached';
import { mcpNote } from '@/lib/mcp/discovery';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const origin = publicBaseUrl(request);
  const document = { ...openApiDocument(), servers: [{ url: origin }], 'x-mcp': mcpNote(origin) };
  return Response.json(document, { headers: { 'Access-Control-Allow-Origin': '*', ...originCacheHeaders() } });
}
