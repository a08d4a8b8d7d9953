import { AccountPage, Panel } from '@/components/account/AccountPage';
import { CreateSecretForm } from '@/components/account/CreateSecretForm';
import { RevokeButton } from '@/components/account/RevokeButton';
import { ScrollTable } from '@/components/account/ScrollTable';
import { INPUT, TD } from '@/components/account/styles';
import { formatDateTime } from '@/components/format';
import { listApiKeys } from '@/lib/accounts/api-keys/list';
import type { SpendCap } from '@/lib/accounts/api-keys/spend-cap';
import { USAGE_PRODUCTS, type UsageProduct } from '@/lib/accounts/usage';
import { requireUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { centsToUsd } from '@/lib/payments/pricing';
import { createKeyAction, revokeKeyAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API keys' };

const PRODUCT_NAMES: Record<UsageProduct, string> = {
  post_summary: 'Summaries',
  stock_picks: 'Stock picks',
  research_brief: 'Research briefs',
};

function describeCap(cap: SpendCap): string {
  return [
    cap.dailyCents === null ? null : `$${centsToUsd(cap.dailyCents)} a day`,
    cap.monthlyCents === null ? null : `$${centsToUsd(cap.monthlyCents)} a month`,
    cap.products === null ? null : `${cap.products.map((p) => PRODUCT_NAMES[p]).join(', ')} only`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** A key reads its own spending only, unless it is given the whole account (scopes.ts). */
function ScopeField() {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" name="scopes" value="account:read" className="mt-0.5 h-4 w-4" />
      <span>
        Can read the whole account: every key&apos;s spending, purchases and the weekly allowance (
        <code className="font-mono">account:read</code>). Unticked, the key sees the balance and its own spending only.
      </span>
    </label>
  );
}

/** A key handed to an agent can be capped: over a cap, its paid requests answer 402 and nothing is charged. */
function SpendCapFields() {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Spend cap (optional)</legend>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="block flex-1 text-sm text-slate-800">
          Per UTC day, USD
          <input name="dailyCapUsd" inputMode="decimal" placeholder="e.g. 2.00" className={INPUT} />
        </label>
        <label className="block flex-1 text-sm text-slate-800">
          Per UTC month, USD
          <input name="monthlyCapUsd" inputMode="decimal" placeholder="e.g. 20.00" className={INPUT} />
        </label>
      </div>
      <p className="mt-3 text-sm text-slate-800">May buy (none ticked: everything):</p>
      <div className="mt-1 flex flex-wrap gap-4">
        {USAGE_PRODUCTS.map((product) => (
          <label key={product} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name={`buy_${product}`} value="on" className="h-4 w-4" />
            {PRODUCT_NAMES[product]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default async function KeysPage() {
  const user = await requireUser('/account/keys');
  const keys = await listApiKeys(await getDb(), user.userId);

  return (
    <AccountPage title="API keys" path="/account/keys" email={user.email}>
      <Panel title="Create a key" id="create-key">
        <p className="mb-4 max-w-3xl text-slate-700">
          An API key pays for summaries, stock picks and research briefs from your purchased credits. Send it as{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-sm">Authorization: Bearer pk_svc_…</code>.
        </p>
        <CreateSecretForm
          action={createKeyAction}
          label="Key name"
          placeholder="e.g. research agent"
          usage="Anyone holding it can spend your credits: keep it out of code repositories."
          options={
            <>
              <ScopeField />
              <SpendCapFields />
            </>
          }
        />
      </Panel>
      <Panel title="Your keys" id="key-list">
        {keys.length === 0 ? (
          <p className="text-slate-700">No keys yet.</p>
        ) : (
          <ScrollTable
            label="API keys"
            headings={['Name', 'Key', 'Reads', 'Spend cap', 'Created', 'Last used', { hidden: 'Status or action' }]}
          >
            {keys.map((key) => (
              <tr key={key.id} data-testid="key-row">
                <td className={TD}>{key.name}</td>
                <td className={`${TD} font-mono`}>{key.displayPrefix}…</td>
                <td className={TD} data-testid="key-scopes">
                  {key.scopes.includes('account:read') ? 'Whole account (account:read)' : 'Own spending'}
                </td>
                <td className={TD}>{key.cap ? describeCap(key.cap) : 'None'}</td>
                <td className={TD}>{formatDateTime(new Date(key.createdAt))}</td>
                <td className={TD}>{key.lastUsedAt ? formatDateTime(new Date(key.lastUsedAt)) : 'Never'}</td>
                <td className={TD}>
                  {key.revokedAt ? (
                    <span className="text-slate-600">Revoked {formatDateTime(new Date(key.revokedAt))}</span>
                  ) : (
                    <RevokeButton action={revokeKeyAction} id={key.id} label={`key ${key.name}`} />
                  )}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Panel>
    </AccountPage>
  );
}
