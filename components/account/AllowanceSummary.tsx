import { formatDateTime, formatPrice } from '@/components/format';
import type { CreditBalance } from '@/lib/credits/balance';
import { nextAllowanceReset } from '@/lib/credits/week';

/** Purchased credits and this week's allowance, as the overview and the tokens page show them. */
export function AllowanceSummary({ balance }: { balance: CreditBalance }) {
  const { allowance } = balance;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <dt className="text-sm font-medium text-slate-700">Purchased credits</dt>
        <dd data-testid="purchased-balance" className="mt-1 text-3xl font-bold tracking-tight">
          {formatPrice(balance.purchasedCents)}
        </dd>
        <dd className="mt-1 text-sm text-slate-700">Spent by API keys, and by session tokens after the allowance.</dd>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <dt className="text-sm font-medium text-slate-700">Weekly allowance left</dt>
        <dd data-testid="allowance-remaining" className="mt-1 text-3xl font-bold tracking-tight">
          {formatPrice(allowance.remainingCents)}{' '}
          <span className="text-base font-medium text-slate-700">of {formatPrice(allowance.limitCents)}</span>
        </dd>
        <dd className="mt-1 text-sm text-slate-700">
          Spent first by session tokens (this dashboard and your agent tokens). Renews{' '}
          {formatDateTime(nextAllowanceReset(new Date(`${allowance.weekStart}T12:00:00Z`)))}.
        </dd>
      </div>
    </dl>
  );
}
