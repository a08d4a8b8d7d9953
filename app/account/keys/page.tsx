import { AccountPage, Panel } from '@/components/account/AccountPage';
import { CreateSecretForm } from '@/components/account/CreateSecretForm';
import { RevokeButton } from '@/components/account/RevokeButton';
import { ScrollTable } from '@/components/account/ScrollTable';
import { TD } from '@/components/account/styles';
import { formatDateTime } from '@/components/format';
import { listApiKeys } from '@/lib/accounts/api-keys/list';
import { requireUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { createKeyAction, revokeKeyAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API keys' };

export default async function KeysPage() {
  const user = await requireUser('/account/keys');
  const keys = await listApiKeys(await getDb(), user.userId);

  return (
    <AccountPage title="API keys" path="/account/keys" email={user.email}>
      <Panel title="Create a key" id="create-key">
        <p className="mb-4 max-w-3xl text-slate-700">
          An API key pays for summaries and stock picks from your purchased credits. Send it as{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-sm">Authorization: Bearer pk_svc_…</code>.
        </p>
        <CreateSecretForm
          action={createKeyAction}
          label="Key name"
          placeholder="e.g. research agent"
          usage="Anyone holding it can spend your credits: keep it out of code repositories."
        />
      </Panel>
      <Panel title="Your keys" id="key-list">
        {keys.length === 0 ? (
          <p className="text-slate-700">No keys yet.</p>
        ) : (
          <ScrollTable
            label="API keys"
            headings={['Name', 'Key', 'Created', 'Last used', { hidden: 'Status or action' }]}
          >
            {keys.map((key) => (
              <tr key={key.id} data-testid="key-row">
                <td className={TD}>{key.name}</td>
                <td className={`${TD} font-mono`}>{key.displayPrefix}…</td>
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
