import { AsyncLocalStorage } from 'node:async_hooks';
import { Store } from 'mppx';
import type { Db, Queryable } from '@/lib/db/types';
import { decodeBigintJson as decode, encodeBigintJson as encode } from '@/lib/payments/bigint-json';
import { postgresPaymentStore } from '@/lib/payments/replay-store';

/** mppx's server-side record of a TIP-1034 channel, as far as this store reads it (amounts are bigints). */
export interface SessionChannelRecord {
  channelId: string;
  payer?: string;
  descriptor?: { payer?: string };
  spent: bigint;
  settledOnChain: bigint;
  highestVoucherAmount: bigint;
  finalized: boolean;
  units?: number;
}

/** A charge mppx is about to commit: the channel's record before and after what was spent of it rose. */
export interface SessionCharge {
  channelId: string;
  before: SessionChannelRecord;
  after: SessionChannelRecord;
}

/** Writes what a charge pays for (the sale), inside the transaction that commits the charge. */
export type SessionChargeRecorder = (tx: Queryable, charge: SessionCharge) => Promise<void>;

const recorders = new AsyncLocalStorage<SessionChargeRecorder>();

/**
 * Runs `sell` (mppx's session handler for one request) so that a voucher's charge and `record` commit together or
 * not at all: when mppx raises a channel's `spent`, `record` runs in that same transaction, and if it throws, the
 * charge is rolled back with it. A request is then never charged without its sale on record, nor recorded without
 * its charge.
 */
export function withSessionChargeRecorder<T>(record: SessionChargeRecorder, sell: () => Promise<T>): Promise<T> {
  return recorders.run(record, sell);
}

const CHANNEL_ID = /^0x[0-9a-f]{64}$/;

/**
 * The store mppx's `tempo.session` method is given. Its channel records (keyed by channel id) live in
 * mpp_session_channels, one locked read-modify-write per channel (mppx's own `update` contract), so a restart forgets
 * no voucher and every instance sees one order of charges; any other key (the replay claims of the bootstrap charge
 * inside the session method) goes to the shared payment store.
 */
export function postgresSessionStore(db: () => Promise<Db>): Store.AtomicStore {
  const others = postgresPaymentStore();
  const isChannel = (key: string) => CHANNEL_ID.test(key);
  return Store.from({
    async get(key: string) {
      if (!isChannel(key)) return others.get(key);
      const [row] = await (await db()).query<{ record: string }>(
        `select record::text as record from mpp_session_channels where channel_id = $1`,
        [key],
      );
      return row ? decode(row.record) : null;
    },
    async put(key: string, value: unknown) {
      if (!isChannel(key)) return others.put(key, value);
      await writeRecord(await db(), key, value as SessionChannelRecord);
    },
    async delete(key: string) {
      if (!isChannel(key)) return others.delete(key);
      await (await db()).query(`delete from mpp_session_channels where channel_id = $1`, [key]);
    },
    async update(key: string, fn: (current: unknown) => Store.Change<unknown, unknown>) {
      if (!isChannel(key)) return others.update(key, fn as never);
      return (await db()).transaction(async (tx) => {
        // Serializes updates of one channel across connections, including the first one (no row to lock yet).
        await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 1034))`, [key]);
        const [row] = await tx.query<{ record: string }>(
          `select record::text as record from mpp_session_channels where channel_id = $1`,
          [key],
        );
        const current = row ? (decode(row.record) as SessionChannelRecord) : null;
        const change = fn(current);
        if (change.op === 'set') {
          const next = change.value as SessionChannelRecord;
          const recorder = recorders.getStore();
          if (recorder && current && next.spent > current.spent) {
            await recorder(tx, { channelId: key, before: current, after: next });
          }
          await writeRecord(tx, key, next);
        } else if (change.op === 'delete') {
          await tx.query(`delete from mpp_session_channels where channel_id = $1`, [key]);
        }
        return change.result;
      });
    },
  } as Store.AtomicStore) as Store.AtomicStore;
}

async function writeRecord(tx: Queryable, key: string, record: SessionChannelRecord): Promise<void> {
  const payer = String(record.payer ?? record.descriptor?.payer ?? '').toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(payer)) throw new Error(`channel ${key}: no payer in its record`);
  // JSON goes in as text cast to jsonb: as a plain parameter postgres.js would encode the string once more.
  await tx.query(
    `insert into mpp_session_channels (channel_id, payer, record, spent, settled, finalized, last_charge_at)
     values ($1, $2, $3::text::jsonb, $4::numeric, $5::numeric, $6, case when $4::numeric > 0 then now() end)
     on conflict (channel_id) do update
       set payer = excluded.payer, record = excluded.record, spent = excluded.spent, settled = excluded.settled,
           finalized = excluded.finalized, updated_at = now(),
           last_charge_at = case when excluded.spent > mpp_session_channels.spent then now()
                                 else mpp_session_channels.last_charge_at end`,
    [key, payer, encode(record), atomic(record.spent), atomic(record.settledOnChain), record.finalized === true],
  );
}

function atomic(value: bigint): string {
  if (typeof value !== 'bigint' || value < 0n) throw new Error(`not an atomic amount: ${String(value).slice(0, 80)}`);
  return value.toString();
}
