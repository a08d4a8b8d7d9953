export const dynamic = 'force-dynamic';

/** Liveness: the process answers. It touches nothing else, so a slow database never gets a live process restarted. */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
