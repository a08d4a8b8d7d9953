import { AccountPage, Panel } from '@/components/account/AccountPage';
import { AllowanceSummary } from '@/components/account/AllowanceSummary';
import { LedgerTable } from '@/components/account/LedgerTable';
import { SpendChart, type SpendDay } from '@/components/account/SpendChart';
import { BUTTON_PRIMARY } from '@/components/account/styles';
import { formatPrice } from '@/components/format';
import { type DailySpend, spendByDay } from '@/lib/accounts/usage';
import { requireUser } from '@/lib/auth/session';
import { checkoutProcessor } from '@/lib/billing/checkout';
import { type CheckoutOutcome, checkoutOutcome } from '@/lib/billing/checkout-outcome';
import { creditPacks } from '@/lib/billing/packs';
import { readCreditBalance } from '@/lib/credits/balance';
import { listLedger } from '@/lib/credits/list-ledger';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { buyPackAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Credits' };

const CHART_DAYS = 30;
const LEDGER_LINES = 50;

type Message = { text: string; tone: 'ok' | 'warn' };

/** After a checkout: what actually happened to it, never a payment that did not take place. */
function successMessage(outcome: CheckoutOutcome): Message | undefined {
  if (outcome?.status === 'credited')
    return { text: `Payment received: ${formatPrice(outcome.creditsCents)} of credits added.`, tone: 'ok' };
  if (outcome?.status === 'confirming')
    return {
      text: 'Payment received: your credits appear here as soon as Stripe confirms it, usually within seconds. Reload this page to see them.',
      tone: 'ok',
    };
  return undefined;
}

const CHECKOUT_MESSAGES: Record<string, Message> = {
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
  const params = await searchParams;
  const checkout = typeof params.checkout === 'string' ? params.checkout : undefined;
  const purchase = typeof params.purchase === 'string' ? params.purchase : null;
  const [balance, spend, purchasedLines, allowanceLines, outcome] = await Promise.all([
    readCreditBalance(db, user.userId, env().SESSION_WEEKLY_ALLOWANCE_CENTS, new Date(), 1),
    spendByDay(db, user.userId, CHART_DAYS),
    listLedger(db, user.userId, { source: 'purchased', limit: LEDGER_LINES }),
    listLedger(db, user.userId, { source: 'sponsored', limit: LEDGER_LINES }),
    checkout === 'success' ? checkoutOutcome(db, user.userId, purchase) : null,
  ]);
  const message = checkout === 'success' ? successMessage(outcome) : checkout ? CHECKOUT_MESSAGES[checkout] : undefined;
  const local = checkoutProcessor() === 'local';

  return (
    <AccountPage title="Credits" path="/account/credits" email={user.email}>
      {message && (
        <p
          role="status"
          data-testid="checkout-message"
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
      <Panel title="Ledger: purchased credits" id="purchased-ledger">
        {purchasedLines.length === 0 ? (
          <p className="text-slate-700">No purchased credits yet.</p>
        ) : (
          <LedgerTable label="Purchased credits ledger" balanceHeading="Credits after" lines={purchasedLines} />
        )}
      </Panel>
      <Panel title="Ledger: weekly allowance" id="allowance-ledger">
        {allowanceLines.length === 0 ? (
          <p className="text-slate-700">Nothing spent from the allowance yet.</p>
        ) : (
          <>
            <p className="mb-3 max-w-3xl text-sm text-slate-700">
              Spent by session tokens before your credits; what is left renews every week.
            </p>
            <LedgerTable label="Weekly allowance ledger" balanceHeading="Left that week" lines={allowanceLines} />
          </>
        )}
      </Panel>
    </AccountPage>
  );
}
