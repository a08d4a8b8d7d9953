import { checkReadiness } from '@/lib/operations/readiness';

export const dynamic = 'force-dynamic';

/** Readiness: 200 when the database answers with the schema current, else 503; the body says which check failed. */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(
    { status: readiness.ready ? 'ready' : 'not_ready', ...readiness },
    { status: readiness.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
