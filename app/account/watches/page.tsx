import { AccountPage, Panel } from '@/components/account/AccountPage';
import { CreateWatchForm } from '@/components/account/CreateWatchForm';
import { ScrollTable } from '@/components/account/ScrollTable';
import { BUTTON_DANGER, TD } from '@/components/account/styles';
import { formatDateTime } from '@/components/format';
import { requireUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { getWatch } from '@/lib/watches/get';
import { listWatches } from '@/lib/watches/list';
import { createWatchAction, deleteWatchAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Watches' };

const DELIVERY_LABEL = { none: 'Feed only', pending: 'Retrying', delivered: 'Delivered', failing: 'Failing' } as const;

function deliveryLabel(status: keyof typeof DELIVERY_LABEL, attempts: number): string {
  return status === 'pending' && attempts === 0 ? 'Waiting' : DELIVERY_LABEL[status];
}

export default async function WatchesPage() {
  const user = await requireUser('/account/watches');
  const db = await getDb();
  const watches = await listWatches(db, user.userId);
  // The newest deliveries of every watch that has a webhook (an account keeps at most 100 watches).
  const details = await Promise.all(watches.filter((w) => w.webhookUrl).map((w) => getWatch(db, user.userId, w.id)));
  const deliveries = details
    .flatMap((watch) => watch.recentEvents.map((event) => ({ watch, event })))
    .sort((a, b) => b.event.createdAt.localeCompare(a.event.createdAt))
    .slice(0, 30);

  return (
    <AccountPage title="Watches" path="/account/watches" email={user.email}>
      <Panel title="Watch a ticker, a topic or a publication" id="create-watch">
        <p className="mb-4 max-w-3xl text-slate-700">
          Each new post that matches is sent to your webhook, signed as Standard Webhooks says, and listed in the
          watch&apos;s feed (JSON Feed or Atom). Events carry the post, why it matched and, for a call, its ticker,
          direction and action; summaries stay paid.
        </p>
        <CreateWatchForm action={createWatchAction} />
      </Panel>
      <Panel title="Your watches" id="watch-list">
        {watches.length === 0 ? (
          <p className="text-slate-700">No watches yet.</p>
        ) : (
          <ScrollTable label="Watches" headings={['Watching', 'Webhook', 'Events', 'Created', { hidden: 'Action' }]}>
            {watches.map((watch) => (
              <tr key={watch.id} data-testid="watch-row">
                <td className={TD}>
                  {watch.kind === 'ticker' ? `${watch.ticker} (${watch.events?.join(', ')})` : null}
                  {watch.kind === 'query' ? `“${watch.query}” (${watch.minConfidence})` : null}
                  {watch.kind === 'publication' ? watch.publicationSlug : null}
                </td>
                <td className={TD} data-testid="watch-webhook">
                  {watch.webhookStatus === 'none'
                    ? 'None (feed only)'
                    : watch.webhookStatus === 'failing'
                      ? 'Failing'
                      : 'OK'}
                </td>
                <td className={TD}>{watch.eventCount}</td>
                <td className={TD}>{formatDateTime(new Date(watch.createdAt))}</td>
                <td className={TD}>
                  <form action={deleteWatchAction}>
                    <input type="hidden" name="id" value={watch.id} />
                    <button
                      type="submit"
                      className={BUTTON_DANGER}
                      aria-label={`Delete watch ${watch.ticker ?? watch.query ?? watch.publicationSlug}`}
                    >
                      Delete
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Panel>
      <Panel title="Webhook deliveries" id="deliveries">
        {deliveries.length === 0 ? (
          <p className="text-slate-700">No webhook deliveries yet.</p>
        ) : (
          <ScrollTable
            label="Webhook deliveries"
            headings={['Post', 'Watch', 'Status', 'Attempts', 'Last response', 'Next attempt']}
          >
            {deliveries.map(({ watch, event }) => (
              <tr key={event.id} data-testid="delivery-row">
                <td className={TD}>{event.title}</td>
                <td className={TD}>{watch.ticker ?? watch.query ?? watch.publicationSlug}</td>
                <td className={TD} data-testid="delivery-status">
                  {deliveryLabel(event.deliveryStatus, event.attempts)}
                </td>
                <td className={TD}>{event.attempts}</td>
                <td className={TD} data-testid="delivery-code">
                  {event.lastResponseCode ?? (event.attempts > 0 ? 'No answer' : '–')}
                </td>
                <td className={TD}>{event.nextAttemptAt ? formatDateTime(new Date(event.nextAttemptAt)) : '–'}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Panel>
    </AccountPage>
  );
}
