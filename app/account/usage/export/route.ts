import { listUsage } from '@/lib/accounts/usage';
import { signedInUser } from '@/lib/auth/session';
import { csvLine } from '@/lib/dashboard/csv';
import { parseUsageQuery } from '@/lib/dashboard/usage-query';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

// A year of heavy use fits; beyond it, narrow the filter.
const EXPORT_MAX_ROWS = 50_000;

/** The signed-in user's paid requests as CSV, with the usage page's filters. */
export async function GET(request: Request): Promise<Response> {
  const user = await signedInUser();
  if (!user) return Response.json({ error: 'Sign in to export your usage.', code: 'unauthorized' }, { status: 401 });
  const filter = parseUsageQuery(Object.fromEntries(new URL(request.url).searchParams));
  const { rows } = await listUsage(await getDb(), user.userId, filter, { offset: 0, limit: EXPORT_MAX_ROWS });
  const lines = [
    csvLine([
      'time_utc',
      'method',
      'route',
      'product',
      'publication',
      'post',
      'articles',
      'amount_usd',
      'paid_with',
      'delivered',
    ]),
    ...rows.map((row) =>
      csvLine([
        row.createdAt,
        row.httpMethod,
        row.resource,
        row.product,
        row.post?.publicationSlug ?? null,
        row.post?.title ?? null,
        row.articles,
        (row.amountCents / 100).toFixed(2),
        row.paidWith,
        row.delivered,
      ]),
    ),
  ];
  return new Response(lines.join(''), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="usage-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
