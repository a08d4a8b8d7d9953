import Link from 'next/link';
import { AccountPage, Panel } from '@/components/account/AccountPage';
import { AllowanceSummary } from '@/components/account/AllowanceSummary';
import { requireUser } from '@/lib/auth/session';
import { readCreditBalance } from '@/lib/credits/balance';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Account' };

const NEXT_STEPS = [
  { href: '/search', title: 'Search and buy', text: 'Find posts for free; buy a summary or a day of stock picks.' },
  { href: '/account/keys', title: 'API keys', text: 'Let your code pay from your purchased credits.' },
  { href: '/account/tokens', title: 'Agent tokens', text: "Give an agent this week's allowance, then your credits." },
  { href: '/account/credits', title: 'Credits', text: 'Buy credit packs; see your ledger and spending.' },
  { href: '/account/usage', title: 'Usage', text: 'Every paid request, filterable and exportable as CSV.' },
  { href: '/account/sales', title: 'Sales', text: 'For publishers and operators: sales per publication and post.' },
];

export default async function AccountOverviewPage() {
  const user = await requireUser('/account');
  const balance = await readCreditBalance(
    await getDb(),
    user.userId,
    env().SESSION_WEEKLY_ALLOWANCE_CENTS,
    new Date(),
    1,
  );
  return (
    <AccountPage title="Account" path="/account" email={user.email}>
      <Panel title="Balance" id="balance">
        <AllowanceSummary balance={balance} />
      </Panel>
      <Panel title="What you can do" id="next-steps">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {NEXT_STEPS.map((step) => (
            <li key={step.href}>
              <Link
                href={step.href}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-indigo-700"
              >
                <span className="font-semibold text-indigo-800">{step.title}</span>
                <span className="mt-1 block text-sm text-slate-700">{step.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Panel>
    </AccountPage>
  );
}
