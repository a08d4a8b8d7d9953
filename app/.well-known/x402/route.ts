import { openApiDocument } from '@/lib/api/openapi/cached';
import { paidResources } from '@/lib/api/openapi/paid-resources';

// x402scan's discovery convention: the paid resources as "METHOD /path". Indexers read /openapi.json first.
export function GET() {
  return Response.json(
    { version: 1, resources: paidResources(openApiDocument()) },
    { headers: { 'Access-Control-Allow-Origin': '*' } },
  );
}
