import { AccountPage, Panel } from '@/components/account/AccountPage';
import { ScrollTable } from '@/components/account/ScrollTable';
import { TD } from '@/components/account/styles';
import { formatPrice } from '@/components/format';
import { requireUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { salesScopeFor } from '@/lib/sales/access';
import { salesReport } from '@/lib/sales/report';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sales' };

const DAYS = 30;

export default async function SalesPage() {
  const user = await requireUser('/account/sales');
  const db = await getDb();
  const scope = await salesScopeFor(db, user);
  const report = scope ? await salesReport(db, scope, DAYS) : null;

  return (
    <AccountPage title="Sales" path="/account/sales" email={user.email}>
      {!report ? (
        <p className="max-w-3xl text-slate-700">
          Sales are shown to publishers for their own publications and to the service&apos;s operators. If you publish a
          newsletter indexed here, ask the operator to add your account to it.
        </p>
      ) : (
        <>
          <p className="max-w-3xl text-slate-700">
            {scope?.kind === 'all' ? 'Every publication' : 'Your publications'}, last {DAYS} days. One sale is recorded
            per source article a paid answer drew on: a summary sells its post, a day&apos;s stock picks sell each
            article they came from.
          </p>
          <Panel title="By publication" id="by-publication">
            {report.publications.length === 0 ? (
              <p className="text-slate-700">No sales in this period.</p>
            ) : (
              <ScrollTable label="Sales by publication" headings={['Publication', 'Sales', 'Revenue share']}>
                {report.publications.map((row) => (
                  <tr key={row.slug} data-testid="sales-publication-row">
                    <td className={TD}>{row.name}</td>
                    <td className={`${TD} tabular-nums`}>{row.sales}</td>
                    <td className={`${TD} tabular-nums`}>{formatPrice(row.shareCents)}</td>
                  </tr>
                ))}
              </ScrollTable>
            )}
          </Panel>
          <Panel title="Best-selling posts" id="by-post">
            {report.topPosts.length === 0 ? (
              <p className="text-slate-700">No sales in this period.</p>
            ) : (
              <ScrollTable
                label="Best-selling posts"
                headings={['Post', 'Publication', 'Summaries', 'In stock picks', 'Revenue share']}
              >
                {report.topPosts.map((row) => (
                  <tr key={`${row.publicationSlug} ${row.title}`}>
                    <td className={TD}>{row.title}</td>
                    <td className={TD}>{row.publicationSlug}</td>
                    <td className={`${TD} tabular-nums`}>{row.summarySales}</td>
                    <td className={`${TD} tabular-nums`}>{row.pickSales}</td>
                    <td className={`${TD} tabular-nums`}>{formatPrice(row.shareCents)}</td>
                  </tr>
                ))}
              </ScrollTable>
            )}
          </Panel>
          <Panel title="By day" id="by-day">
            {report.days.length === 0 ? (
              <p className="text-slate-700">No sales in this period.</p>
            ) : (
              <ScrollTable label="Sales by day" headings={['Day (UTC)', 'Publication', 'Sales', 'Revenue share']}>
                {report.days.map((row) => (
                  <tr key={`${row.day} ${row.slug}`}>
                    <td className={`${TD} whitespace-nowrap`}>{row.day}</td>
                    <td className={TD}>{row.slug}</td>
                    <td className={`${TD} tabular-nums`}>{row.sales}</td>
                    <td className={`${TD} tabular-nums`}>{formatPrice(row.shareCents)}</td>
                  </tr>
                ))}
              </ScrollTable>
            )}
          </Panel>
        </>
      )}
    </AccountPage>
  );
}
