import { AccountPage, Panel } from '@/components/account/AccountPage';
import { AllowanceSummary } from '@/components/account/AllowanceSummary';
import { CreateSecretForm } from '@/components/account/CreateSecretForm';
import { RevokeButton } from '@/components/account/RevokeButton';
import { ScrollTable } from '@/components/account/ScrollTable';
import { TD } from '@/components/account/styles';
import { formatDateTime } from '@/components/format';
import { listSessionTokens } from '@/lib/accounts/sessions/manage';
import { verifySessionToken } from '@/lib/accounts/sessions/verify';
import { requireUser } from '@/lib/auth/session';
import { readCreditBalance } from '@/lib/credits/balance';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { createTokenAction, revokeTokenAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Agent tokens' };

export default async function TokensPage() {
  const user = await requireUser('/account/tokens');
  const db = await getDb();
  const [tokens, balance, current] = await Promise.all([
    listSessionTokens(db, user.userId),
    readCreditBalance(db, user.userId, env().SESSION_WEEKLY_ALLOWANCE_CENTS, new Date(), 1),
    // This browser's own sign-in, to tell it apart from the others of the same name.
    verifySessionToken(db, user.sessionToken),
  ]);
  const now = Date.now();

  return (
    <AccountPage title="Agent tokens" path="/account/tokens" email={user.email}>
      <Panel title="Allowance" id="allowance">
        <AllowanceSummary balance={balance} />
      </Panel>
      <Panel title="Create a token for an agent" id="create-token">
        <p className="mb-4 max-w-3xl text-slate-700">
          A session token lets an agent act for you for 30 days: it spends this week&apos;s free allowance first, then
          your purchased credits. Send it as{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-sm">Authorization: Bearer st_…</code>.
        </p>
        <CreateSecretForm
          action={createTokenAction}
          label="Token name"
          placeholder="e.g. Claude desktop"
          usage="Revoke it here when the agent no longer needs it."
        />
      </Panel>
      <Panel title="Your session tokens" id="token-list">
        <ScrollTable
          label="Session tokens"
          headings={['Name', 'Kind', 'Created', 'Last used', 'Expires', { hidden: 'Status or action' }]}
        >
          {tokens.map((token) => {
            const expired = new Date(token.expiresAt).getTime() <= now;
            const thisBrowser = token.id === current?.tokenId;
            return (
              <tr key={token.id} data-testid="token-row" data-token-id={token.id}>
                <td className={TD}>
                  <span>
                    {token.name}
                    {thisBrowser && (
                      <span
                        data-testid="this-browser"
                        className="ml-2 inline-block rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-inset ring-indigo-200"
                      >
                        This browser
                      </span>
                    )}
                  </span>
                </td>
                <td className={TD}>{token.kind === 'dashboard' ? 'Browser sign-in' : 'Agent'}</td>
                <td className={TD}>{formatDateTime(new Date(token.createdAt))}</td>
                <td className={TD}>{token.lastUsedAt ? formatDateTime(new Date(token.lastUsedAt)) : 'Never'}</td>
                <td className={TD}>{formatDateTime(new Date(token.expiresAt))}</td>
                <td className={TD}>
                  {token.revokedAt ? (
                    <span className="text-slate-600">Revoked</span>
                  ) : expired ? (
                    <span className="text-slate-600">Expired</span>
                  ) : (
                    <RevokeButton
                      action={revokeTokenAction}
                      id={token.id}
                      label={`token ${token.name}${thisBrowser ? ' (this browser: signs it out)' : ''}`}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </ScrollTable>
      </Panel>
    </AccountPage>
  );
}
