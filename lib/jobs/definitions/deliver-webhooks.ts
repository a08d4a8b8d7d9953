import { getDb } from '@/lib/db/client';
import { defineJob } from '@/lib/jobs/definition';
import { deliverDueEvents } from '@/lib/watches/deliver/deliver-due';
import { configuredSecretKey } from '@/lib/watches/signing-secret';
import { configuredWebhookNetwork } from '@/lib/watches/webhook-destination';

const deliver = async () =>
  deliverDueEvents(await getDb(), { network: configuredWebhookNetwork(), secretKey: configuredSecretKey() });

/**
 * As soon as posts matched watches (sent after every sync, e-mail and call extraction): their webhooks' first
 * attempts. Events are claimed row by row, so two runs at once never send one event twice.
 */
export const deliverWebhooksJob = defineJob({
  id: 'deliver-webhooks',
  trigger: { event: 'watches/deliveries.requested' },
  retries: 2,
  concurrency: 2,
  async handler({ step }) {
    return { attempts: await step.run('deliver due events', deliver) };
  },
});

/**
 * Every minute: the webhook retries that came due (docs/watches.md: a day of them, then the event is failing), and
 * any event a lost request or a restart left waiting: events are rows first, so none is forgotten.
 */
export const retryWebhooksJob = defineJob({
  id: 'retry-webhooks',
  trigger: { cron: '* * * * *' },
  retries: 1,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    return { attempts: await step.run('deliver due events', deliver) };
  },
});
