import { Webhook } from 'standardwebhooks';
import type { Db } from '@/lib/db/types';
import { openSigningSecret, type SecretKey } from '@/lib/watches/signing-secret';
import type { WebhookNetwork } from '@/lib/watches/webhook-destination';
import { nextAttemptAt } from './retry-schedule';
import { type SendOutcome, sendWebhook } from './send-webhook';

interface DueRow {
  [key: string]: unknown;
  id: string;
  watch_id: string;
  payload: unknown;
  attempts: number;
  webhook_url: string | null;
  webhook_secret: string;
}

// An event taken for delivery is not taken again for this long: a process that dies mid-attempt leaves it to the
// next sweep after its lease.
const LEASE = '2 minutes';
const BATCH = 50;
const PARALLEL = 8;

export interface DeliveryOptions {
  network: WebhookNetwork;
  /** The key the watches' signing secrets are encrypted with (signing-secret.ts). */
  secretKey: SecretKey;
  /** The clock of the schedule (tests move it forward); the database's own clock stamps the rows. */
  now?: () => Date;
}

/**
 * Delivers every event that is due (new, or its retry time came), in batches, until none is left: each is signed as
 * Standard Webhooks says (webhook-id = the event id, the same on every retry; webhook-timestamp = this attempt;
 * webhook-signature = v1 HMAC-SHA256 with the watch's secret), its attempt recorded with the response code, and either
 * marked delivered, given its next attempt, or marked failing after a day of retries. Returns the attempts made.
 */
export async function deliverDueEvents(db: Db, options: DeliveryOptions): Promise<number> {
  const now = options.now ?? (() => new Date());
  let attempts = 0;
  for (;;) {
    const due = await db.query<DueRow>(
      `update watch_events e set next_attempt_at = $2::timestamptz + interval '${LEASE}'
         from watches w
        where w.id = e.watch_id
          and e.id in (select id from watch_events
                        where delivery_status = 'pending' and next_attempt_at <= $2::timestamptz
                        order by next_attempt_at limit $1 for update skip locked)
        returning e.id, e.watch_id, e.payload, e.attempts, w.webhook_url, w.webhook_secret`,
      [BATCH, now()],
    );
    if (due.length === 0) return attempts;
    for (let i = 0; i < due.length; i += PARALLEL) {
      await Promise.all(due.slice(i, i + PARALLEL).map((event) => deliverOne(db, event, options, now)));
    }
    attempts += due.length;
  }
}

async function deliverOne(db: Db, event: DueRow, options: DeliveryOptions, now: () => Date): Promise<void> {
  const body = JSON.stringify(event.payload);
  let outcome: SendOutcome;
  const secret = readSecret(event.webhook_secret, options.secretKey);
  if (event.webhook_url === null) {
    outcome = { ok: false, status: null, error: 'the watch no longer has a webhook', durationMs: 0 };
  } else if (secret === null) {
    // A key that changed (or went missing) fails the attempt like an endpoint that does not answer, so the event is
    // retried and, if the key stays wrong, ends failing on the dashboard instead of being sent unsigned.
    outcome = {
      ok: false,
      status: null,
      error: 'the signing secret cannot be read with the configured key',
      durationMs: 0,
    };
  } else {
    const at = now();
    const signature = new Webhook(secret).sign(event.id, at, body);
    outcome = await sendWebhook(
      event.webhook_url,
      {
        'content-type': 'application/json',
        'user-agent': 'FinancialPublicationsResearch-Webhooks/1.0',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      options.network,
    );
  }
  const attempts = event.attempts + 1;
  const next = outcome.ok ? null : nextAttemptAt(attempts, now());
  const status = outcome.ok ? 'delivered' : next ? 'pending' : 'failing';
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into webhook_attempts (event_id, outcome, response_code, error, duration_ms)
       values ($1, $2, $3, $4, $5)`,
      [
        event.id,
        outcome.ok ? 'delivered' : 'failed',
        outcome.status,
        outcome.error?.slice(0, 500) ?? null,
        outcome.durationMs,
      ],
    );
    await tx.query(
      `update watch_events
          set attempts = $2, delivery_status = $3, next_attempt_at = $4, last_response_code = $5,
              delivered_at = case when $3 = 'delivered' then now() else delivered_at end
        where id = $1`,
      [event.id, attempts, status, next, outcome.status],
    );
    // The watch shows failing from an event that exhausted its retries until one is delivered again.
    if (status === 'failing') {
      await tx.query('update watches set failing_since = coalesce(failing_since, now()) where id = $1', [
        event.watch_id,
      ]);
    } else if (status === 'delivered') {
      await tx.query('update watches set failing_since = null where id = $1 and failing_since is not null', [
        event.watch_id,
      ]);
    }
  });
}

function readSecret(stored: string, key: SecretKey): string | null {
  try {
    return openSigningSecret(stored, key);
  } catch {
    return null;
  }
}
