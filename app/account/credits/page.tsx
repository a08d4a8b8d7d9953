import { AccountPage, Panel } from '@/components/account/AccountPage';
import { AllowanceSummary } from '@/components/account/AllowanceSummary';
import { ScrollTable } from '@/components/account/ScrollTable';
import { SpendChart, type SpendDay } from '@/components/account/SpendChart';
import { BUTTON_PRIMARY, TD } from '@/components/account/styles';
import { formatDateTime, formatPrice } from '@/components/format';
import { type DailySpend, spendByDay } from '@/lib/accounts/usage';
import { requireUser } from '@/lib/auth/session';
import { checkoutProcessor } from '@/lib/billing/checkout';
import { creditPacks } from '@/lib/billing/packs';
import { readCreditBalance } from '@/lib/credits/balance';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { buyPackAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Credits' };

const CHART_DAYS = 30;

const CHECKOUT_MESSAGES: Record<string, { text: string; tone: 'ok' | 'warn' }> = {
  success: { text: 'Payment received: your credits are added as soon as the payment is confirmed.', tone: 'ok' },
  cancelled: { text: 'Checkout cancelled: nothing was charged.', tone: 'warn' },
  'already-paid': { text: 'That checkout was already paid.', tone: 'warn' },
  'not-found': { text: 'That checkout does not exist.', tone: 'warn' },
  'unknown-pack': { text: 'That credit pack is not on sale.', tone: 'warn' },
  'rate-limited': { text: 'Too many checkouts at once: wait a minute and try again.', tone: 'warn' },
};

/** The chart's rows: every day of the period, each way of paying a column (0 when nothing was spent). */
function chartDays(spend: DailySpend[], now: Date): SpendDay[] {
  const byDay = new Map<string, SpendDay>();
  for (let back = CHART_DAYS - 1; back >= 0; back--) {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    byDay.set(day, { day: day.slice(5), api_key: 0, allowance: 0, credits: 0 });
  }
  for (const entry of spend) {
    const row = byDay.get(entry.day);
    if (row) row[entry.paidWith] += entry.cents;
  }
  return [...byDay.values()];
}

export default async function CreditsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser('/account/credits');
  const db = await getDb();
  const [balance, spend, params] = await Promise.all([
    readCreditBalance(db, user.userId, env().SESSION_WEEKLY_ALLOWANCE_CENTS, new Date(), 50),
    spendByDay(db, user.userId, CHART_DAYS),
    searchParams,
  ]);
  const message = typeof params.checkout === 'string' ? CHECKOUT_MESSAGES[params.checkout] : undefined;
  const local = checkoutProcessor() === 'local';

  return (
    <AccountPage title="Credits" path="/account/credits" email={user.email}>
      {message && (
        <p
          role="status"
          className={`rounded-lg border p-3 ${message.tone === 'ok' ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-amber-200 bg-amber-50 text-amber-950'}`}
        >
          {message.text}
        </p>
      )}
      <Panel title="Balance" id="balance">
        <AllowanceSummary balance={balance} />
      </Panel>
      <Panel title="Buy credits" id="buy">
        <p className="mb-4 text-slate-700">
          {local
            ? 'This service has no Stripe key: packs are paid through a local test checkout with no real money.'
            : 'Packs are paid securely with Stripe Checkout. Credits never expire.'}
        </p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {creditPacks().map((pack) => (
            <li key={pack.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-2xl font-bold tracking-tight">{formatPrice(pack.creditsCents)}</p>
              <p className="text-sm text-slate-700">of credits for {formatPrice(pack.amountCents)}</p>
              <form action={buyPackAction} className="mt-3">
                <input type="hidden" name="pack" value={pack.id} />
                <button type="submit" className={BUTTON_PRIMARY}>
                  Buy {formatPrice(pack.amountCents)}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={`Spending, last ${CHART_DAYS} days`} id="spend">
        <SpendChart days={chartDays(spend, new Date())} />
      </Panel>
      <Panel title="Ledger" id="ledger">
        {balance.recentEntries.length === 0 ? (
          <p className="text-slate-700">No credit movements yet.</p>
        ) : (
          <ScrollTable label="Credit ledger" headings={['When', 'What', 'Source', 'Amount', 'Balance after']}>
            {balance.recentEntries.map((entry) => (
              <tr key={entry.id} data-testid="ledger-row">
                <td className={TD}>{formatDateTime(new Date(entry.createdAt))}</td>
                <td className={TD}>{entry.description ?? entry.kind}</td>
                <td className={TD}>{entry.source === 'sponsored' ? 'Allowance' : 'Purchased'}</td>
                <td className={`${TD} tabular-nums ${entry.deltaCents < 0 ? 'text-red-800' : 'text-emerald-800'}`}>
                  {entry.deltaCents < 0 ? '−' : '+'}
                  {formatPrice(Math.abs(entry.deltaCents))}
                </td>
                <td className={`${TD} tabular-nums`}>{formatPrice(entry.balanceAfterCents)}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Panel>
    </AccountPage>
  );
}
