import { openApiDocument } from '@/lib/api/openapi/cached';
import { paidResources } from '@/lib/api/openapi/paid-resources';
import { appContext } from '@/lib/app/process-context';

// Read per request: the schemes are the running service's, known only once it started.
export const dynamic = 'force-dynamic';

// x402scan's discovery convention: the paid resources as "METHOD /path". Indexers read /openapi.json first. `schemes`
// adds the x402 schemes this running service offers (none when x402 is not configured): batch-settlement only where
// its escrow was found on chain at start.
export async function GET() {
  const x402 = (await appContext()).payments.x402;
  const schemes = x402 ? ['exact', ...(x402.batchSettlement ? ['batch-settlement'] : [])] : [];
  return Response.json(
    { version: 1, resources: paidResources(openApiDocument()), schemes },
    { headers: { 'Access-Control-Allow-Origin': '*' } },
  );
}
