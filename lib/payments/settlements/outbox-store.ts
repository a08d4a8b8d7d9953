import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '@/lib/db/types';
import { env } from '@/lib/env';
import type { PaymentRecord, RecordedOffer } from '@/lib/payments/record';

/** A settled payment that could not be recorded, as the outbox keeps it: enough to record it later. */
export interface OutboxRecord {
  offer: RecordedOffer;
  payment: PaymentRecord;
  lastError: string | null;
}

/** Where the outbox's lines go when the database refuses its row too. */
export const outboxFile = () => path.join(env().DATA_DIR, 'payment-outbox.jsonl');

/** A row of payment_outbox; a key already waiting there is left as it is. */
export async function insertOutboxRow(db: Queryable, uniqueKey: string, entry: OutboxRecord): Promise<void> {
  const { lastError, ...record } = entry;
  await db.query(
    `insert into payment_outbox (unique_key, record, last_error) values ($1, $2::text::jsonb, $3) on conflict (unique_key) do nothing`,
    [uniqueKey, JSON.stringify(record), lastError],
  );
}

/** A line of the outbox file, flushed before this returns: durable without the database. */
export function appendOutboxLine(uniqueKey: string, entry: OutboxRecord): void {
  appendFileSync(outboxFile(), `${JSON.stringify({ uniqueKey, ...entry })}\n`, { flush: true });
}

export async function noteOutboxError(db: Queryable, uniqueKey: string, error: string): Promise<void> {
  await db.query(`update payment_outbox set last_error = $2 where unique_key = $1`, [uniqueKey, error.slice(0, 500)]);
}

export async function markOutboxRecorded(db: Queryable, uniqueKey: string): Promise<void> {
  await db.query(`update payment_outbox set recorded_at = now() where unique_key = $1`, [uniqueKey]);
}
