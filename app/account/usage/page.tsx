import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AccountPage } from '@/components/account/AccountPage';
import { ScrollTable } from '@/components/account/ScrollTable';
import { BUTTON_SECONDARY, TD } from '@/components/account/styles';
import { formatDateTime, formatPrice } from '@/components/format';
import { listUsage, type PaidWith } from '@/lib/accounts/usage';
import { requireUser } from '@/lib/auth/session';
import { parseUsageQuery, USAGE_PAGE_SIZE } from '@/lib/dashboard/usage-query';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Usage' };

const PAID_WITH: Record<PaidWith, string> = {
  api_key: 'API key',
  allowance: 'Session token (allowance)',
  credits: 'Session token (credits)',
};
/** " of 2026-11-20" from a stock picks route (`?date=` names the day it sold), or nothing. */
const picksDay = (resource: string) => {
  const day = /[?&]date=(\d{4}-\d{2}-\d{2})/.exec(resource)?.[1];
  return day ? ` of ${day}` : '';
};
const SELECT =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-200';

export default async function UsagePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser('/account/usage');
  const query = parseUsageQuery(await searchParams);
  const { page, ...filter } = query;
  const { rows, total } = await listUsage(await getDb(), user.userId, filter, {
    offset: (page - 1) * USAGE_PAGE_SIZE,
    limit: USAGE_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(total / USAGE_PAGE_SIZE));
  const filterParams = new URLSearchParams(
    Object.entries(filter).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  const pageHref = (n: number) => `/account/usage?${new URLSearchParams([...filterParams, ['page', String(n)]])}`;
  // A page past the end (an old link, a typed number) shows the last page there is.
  if (page > pages) redirect(pageHref(pages));

  return (
    <AccountPage title="Usage" path="/account/usage" email={user.email}>
      <form method="get" className="grid gap-3 sm:grid-cols-4 sm:items-end" aria-label="Filter usage">
        <label className="block text-sm font-medium text-slate-800">
          Product
          <select name="product" defaultValue={filter.product ?? ''} className={SELECT}>
            <option value="">All</option>
            <option value="post_summary">Post summaries</option>
            <option value="stock_picks">Stock picks</option>
            <option value="research_brief">Research briefs</option>
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Paid with
          <select name="paidWith" defaultValue={filter.paidWith ?? ''} className={SELECT}>
            <option value="">Any</option>
            {Object.entries(PAID_WITH).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Period
          <select name="days" defaultValue={filter.days ? String(filter.days) : ''} className={SELECT}>
            <option value="">All time</option>
            <option value="1">Last 24 hours</option>
            <option value="7">Last 7 days</option>
            <option value="30">Last 30 days</option>
          </select>
        </label>
        <div className="flex gap-2">
          <button type="submit" className={BUTTON_SECONDARY}>
            Apply
          </button>
          <a href={`/account/usage/export?${filterParams}`} className={BUTTON_SECONDARY} download>
            Export CSV
          </a>
        </div>
      </form>
      <p className="text-sm text-slate-700" aria-live="polite">
        {total} paid request{total === 1 ? '' : 's'}
        {total > 0 && ` · page ${page} of ${pages}`}
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-700">No paid requests match.</p>
      ) : (
        <ScrollTable label="Paid requests" headings={['When', 'Route', 'Post', 'Amount', 'Paid with']}>
          {rows.map((row) => (
            <tr key={row.id} data-testid="usage-row">
              <td className={`${TD} whitespace-nowrap`}>{formatDateTime(new Date(row.createdAt))}</td>
              <td
                data-testid="usage-route"
                className={`${TD} font-mono text-xs max-sm:flex-col max-sm:gap-1! max-sm:text-left! sm:max-w-xs sm:[overflow-wrap:anywhere]`}
              >
                {row.httpMethod} {row.resource}
              </td>
              <td className={TD}>
                {row.post ? (
                  <Link href={`/publications/${row.post.publicationSlug}`} className="text-indigo-700 hover:underline">
                    {row.post.title}
                  </Link>
                ) : row.product === 'stock_picks' ? (
                  `Stock picks${picksDay(row.resource)} from ${row.articles} article${row.articles === 1 ? '' : 's'}`
                ) : row.product === 'research_brief' ? (
                  `Research brief from ${row.articles} article${row.articles === 1 ? '' : 's'}`
                ) : (
                  '—'
                )}
              </td>
              <td className={`${TD} tabular-nums`}>
                {formatPrice(row.amountCents)}
                {!row.delivered && <span className="ml-1 text-red-800">(not delivered)</span>}
              </td>
              <td className={TD}>{PAID_WITH[row.paidWith]}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 && (
        <nav aria-label="Usage pages" className="flex gap-3">
          {page > 1 && (
            <Link href={pageHref(page - 1)} className={BUTTON_SECONDARY}>
              Previous
            </Link>
          )}
          {page < pages && (
            <Link href={pageHref(page + 1)} className={BUTTON_SECONDARY}>
              Next
            </Link>
          )}
        </nav>
      )}
    </AccountPage>
  );
}
