import { appendFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { databaseSlot } from '@/lib/app/process-state';
import type { Db } from '@/lib/db/types';
import type { PaymentRecord, RecordedOffer } from '@/lib/payments/record';
import { outboxFile } from './outbox-store';
import { transition } from './states';

export interface OutboxEntry {
  uniqueKey: string;
  offer: RecordedOffer;
  payment: PaymentRecord;
  lastError: string | null;
  createdAt: string;
}

/**
 * Keeps a settled payment whose record could not be written: in the payment_outbox table, or, when the database
 * refuses that too, as a line in DATA_DIR/payment-outbox.jsonl. Either way it is durable and drainOutbox records it
 * later; the log alone is not a record. A line is on this host's disk only, and the reconcile job may run on another
 * instance: so this process moves its own lines into the table as soon as the database answers (moveFiledLinesSoon),
 * and from there any instance's job records them.
 */
export async function keepInOutbox(db: Db, offer: RecordedOffer, payment: PaymentRecord, failure: unknown) {
  const entry = {
    offer: { product: offer.product, resource: offer.resource, sales: offer.sales },
    payment,
    lastError: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
  };
  try {
    await transition(db, payment.uniqueKey, 'settled', 'outboxed', entry);
  } catch {
    await transition(db, payment.uniqueKey, 'settled', 'filed', entry);
    moveFiledLinesSoon(db);
  }
}

/** How often this process tries again to move its filed lines into the table. */
export const FILED_RETRY_MS = 15_000;

/**
 * Moves this host's outbox file into payment_outbox now and, while lines remain (the database still refuses them),
 * every FILED_RETRY_MS until none do. One timer per database (each application context opens its own, and the context
 * closing its database stops it); it does not keep the process alive. The service calls it at start too,
 * for lines a previous run of this instance left.
 */
export function moveFiledLinesSoon(db: Db): void {
  const mover = databaseSlot<NodeJS.Timeout>(db, 'filedMover');
  if (mover.get()) return;
  let dropStop = () => false;
  const stop = () => {
    clearInterval(mover.get());
    mover.set(undefined);
    dropStop();
  };
  const attempt = async () => {
    try {
      await moveFileIntoTable(db);
    } catch (error) {
      console.error('[payments] outbox file not moved into the database yet; retrying', error);
    }
    if (!filedLinesRemain()) stop();
  };
  mover.set(setInterval(() => void attempt(), FILED_RETRY_MS).unref());
  dropStop = mover.onForget(stop);
  void attempt();
}

/** True while this host's outbox file, or a file taken aside from it, is still there. */
export function filedLinesRemain(): boolean {
  const file = outboxFile();
  const dir = path.dirname(file);
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((name) => name === path.basename(file) || asideFrom(file, name));
}

const asideFrom = (file: string, name: string) =>
  name.startsWith(`${path.basename(file)}.`) && name.endsWith('.moving');

/**
 * Records every payment waiting in the outbox (file lines first move into the table). Returns how many, and how many
 * damaged lines wait for an operator.
 */
export async function drainOutbox(db: Db): Promise<{ recorded: number; waiting: number; damaged: number }> {
  await moveFileIntoTable(db);
  let recorded = 0;
  const waiting = await listOutbox(db);
  for (const { uniqueKey, offer, payment } of waiting) {
    try {
      await transition(db, uniqueKey, 'outboxed', 'undelivered', { offer, payment });
      recorded++;
    } catch (error) {
      await transition(db, uniqueKey, 'outboxed', 'outboxed', error instanceof Error ? error.message : String(error));
    }
  }
  return { recorded, waiting: waiting.length - recorded, damaged: damagedOutboxLines().length };
}

/**
 * Where a line that cannot be read is set aside (torn by a full disk or a crash mid-append): kept for an operator,
 * who finds its payment among the settled-but-undelivered settlements, and out of the way of every other line.
 */
export const damagedOutboxFile = () => `${outboxFile()}.damaged`;

/** The lines set aside as unreadable, each once, as `admin payments --pending` shows them. */
export function damagedOutboxLines(): string[] {
  const file = damagedOutboxFile();
  if (!existsSync(file)) return [];
  return [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))];
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
  const file = outboxFile();
  const dir = path.dirname(file);
  if (!existsSync(dir)) return;
  // Taken aside under a name of its own first, so lines appended meanwhile land in a new file. Every file taken aside
  // and still there is moved: one left by a drain that died or failed mid-way too (a line inserted twice is kept once).
  if (existsSync(file)) renameSync(file, `${file}.${process.pid}.${Date.now()}.moving`);
  const aside = readdirSync(dir).filter((name) => asideFrom(file, name));
  for (const name of aside.sort()) {
    const moving = path.join(dir, name);
    let lines: string[];
    try {
      lines = readFileSync(moving, 'utf8').split('\n').filter(Boolean);
    } catch (error) {
      // Moved meanwhile by this process's other mover (the job's drain, or the retry timer).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const line of lines) {
      const entry = readOutboxLine(line);
      if (!entry) {
        // One unreadable line must not stop the lines after it, nor every later drain (the reconcile job's first step).
        appendFileSync(damagedOutboxFile(), `${line}\n`, { flush: true });
        console.error(
          `[payments] an unreadable outbox line was set aside in ${damagedOutboxFile()}: ${line.slice(0, 200)}`,
        );
        continue;
      }
      const { uniqueKey, offer, payment, lastError } = entry;
      await transition(db, uniqueKey, 'filed', 'outboxed', { offer, payment, lastError });
    }
    rmSync(moving, { force: true });
  }
}

/** A line as appendOutboxLine wrote it, or null when it is not one (torn, or damaged on disk). */
function readOutboxLine(line: string): OutboxEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const entry = value as Partial<OutboxEntry> | null;
  const isObject = (field: unknown) => typeof field === 'object' && field !== null;
  if (!isObject(entry) || typeof entry?.uniqueKey !== 'string' || !isObject(entry.offer) || !isObject(entry.payment)) {
    return null;
  }
  return entry as OutboxEntry;
}
