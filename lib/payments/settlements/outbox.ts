import { appendFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { DuplicatePaymentError, type PaymentRecord, type RecordedOffer, recordPayment } from '@/lib/payments/record';

export interface OutboxEntry {
  uniqueKey: string;
  offer: RecordedOffer;
  payment: PaymentRecord;
  lastError: string | null;
  createdAt: string;
}

const OUTBOX_FILE = 'payment-outbox.jsonl';

/**
 * Keeps a settled payment whose record could not be written: in the payment_outbox table, or, when the database
 * refuses that too, as a line in DATA_DIR/payment-outbox.jsonl. Either way it is durable and drainOutbox records it
 * later; the log alone is not a record.
 */
export async function keepInOutbox(db: Db, offer: RecordedOffer, payment: PaymentRecord, failure: unknown) {
  const record = { offer: { product: offer.product, resource: offer.resource, sales: offer.sales }, payment };
  const lastError = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500);
  try {
    await db.query(
      `insert into payment_outbox (unique_key, record, last_error) values ($1, $2::text::jsonb, $3) on conflict (unique_key) do nothing`,
      [payment.uniqueKey, JSON.stringify(record), lastError],
    );
  } catch {
    appendFileSync(
      path.join(env().DATA_DIR, OUTBOX_FILE),
      `${JSON.stringify({ uniqueKey: payment.uniqueKey, ...record, lastError })}\n`,
      { flush: true },
    );
  }
}

/** Records every payment waiting in the outbox (file lines first move into the table). Returns how many. */
export async function drainOutbox(db: Db): Promise<{ recorded: number; waiting: number }> {
  await moveFileIntoTable(db);
  let recorded = 0;
  const waiting = await listOutbox(db);
  for (const entry of waiting) {
    try {
      await recordPayment(db, entry.offer, entry.payment);
    } catch (error) {
      if (!(error instanceof DuplicatePaymentError)) {
        await db.query(`update payment_outbox set last_error = $2 where unique_key = $1`, [
          entry.uniqueKey,
          (error instanceof Error ? error.message : String(error)).slice(0, 500),
        ]);
        continue;
      }
    }
    await db.query(`update payment_outbox set recorded_at = now() where unique_key = $1`, [entry.uniqueKey]);
    recorded++;
  }
  return { recorded, waiting: waiting.length - recorded };
}

export async function listOutbox(db: Db): Promise<OutboxEntry[]> {
  const rows = await db.query<{
    unique_key: string;
    record: { offer: RecordedOffer; payment: PaymentRecord };
    last_error: string | null;
    created_at: Date;
  }>(
    `select unique_key, record, last_error, created_at from payment_outbox where recorded_at is null order by created_at`,
  );
  return rows.map((row) => ({
    uniqueKey: row.unique_key,
    offer: row.record.offer,
    payment: row.record.payment,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
  }));
}

async function moveFileIntoTable(db: Db): Promise<void> {
  const file = path.join(env().DATA_DIR, OUTBOX_FILE);
  if (!existsSync(file)) return;
  // Renamed first, so lines appended meanwhile land in a new file and are moved on the next drain.
  const moving = `${file}.${process.pid}.moving`;
  renameSync(file, moving);
  for (const line of readFileSync(moving, 'utf8').split('\n').filter(Boolean)) {
    const { uniqueKey, offer, payment, lastError } = JSON.parse(line) as OutboxEntry & { lastError: string };
    await db.query(
      `insert into payment_outbox (unique_key, record, last_error) values ($1, $2::text::jsonb, $3) on conflict (unique_key) do nothing`,
      [uniqueKey, JSON.stringify({ offer, payment }), lastError],
    );
  }
  rmSync(moving);
}
