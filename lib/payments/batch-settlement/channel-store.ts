import { AsyncLocalStorage } from 'node:async_hooks';
import type { Channel, ChannelStorage, ChannelUpdateResult } from '@x402/evm/batch-settlement/server';
import type { Db, Queryable } from '@/lib/db/types';

/** A charge the SDK is about to commit: the channel's record before and after its charged total rose. */
export interface VoucherCharge {
  channelId: string;
  before: Channel;
  after: Channel;
}

/** Writes what a charge pays for (the sale), inside the transaction that commits the charge. */
export type ChargeRecorder = (tx: Queryable, charge: VoucherCharge) => Promise<void>;

const recorders = new AsyncLocalStorage<ChargeRecorder>();

/**
 * Runs `sell` (the SDK's settlePayment for one request) so that a voucher's charge and `record` commit together or
 * not at all: when the SDK raises a channel's charged total, `record` runs in that same transaction, and if it
 * throws, the charge is rolled back with it and the error reaches the caller. A request is then never charged
 * without its sale on record, nor recorded without its charge.
 */
export function withChargeRecorder<T>(record: ChargeRecorder, sell: () => Promise<T>): Promise<T> {
  return recorders.run(record, sell);
}

/**
 * @x402/evm's batch-settlement server keeps its channel records (charged total, latest voucher, on-chain state seen)
 * in a ChannelStorage; its default is per-process memory, which a restart forgets (and with it every voucher not yet
 * claimed) and which two instances would each keep differently. This one keeps them in x402_channels.
 *
 * updateChannel is the SDK's only way to change a record, and its callback decides from the record it is handed (a
 * voucher is accepted only when its cumulative amount is the charged total plus the price): so the read, the callback
 * and the write run in one transaction holding a per-channel advisory lock, which also serializes the first write of
 * a channel that has no row yet. Returning the record it was handed means unchanged; undefined means delete.
 */
export function postgresChannelStorage(db: Db): ChannelStorage {
  return {
    async get(channelId) {
      const [row] = await db.query<{ record: Channel }>(`select record from x402_channels where channel_id = $1`, [
        normalize(channelId),
      ]);
      return row?.record;
    },
    async list() {
      const rows = await db.query<{ record: Channel }>(`select record from x402_channels order by created_at`);
      return rows.map((row) => row.record);
    },
    async updateChannel(channelId, update): Promise<ChannelUpdateResult> {
      const key = normalize(channelId);
      return db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 49))`, [key]);
        const [row] = await tx.query<{ record: Channel }>(`select record from x402_channels where channel_id = $1`, [
          key,
        ]);
        const current = row?.record;
        const next = update(current);
        if (next === current) return { channel: current, status: 'unchanged' };
        if (!next) {
          await tx.query(`delete from x402_channels where channel_id = $1`, [key]);
          return { channel: undefined, status: current ? 'deleted' : 'unchanged' };
        }
        const recorder = recorders.getStore();
        if (recorder && current && BigInt(next.chargedCumulativeAmount) > BigInt(current.chargedCumulativeAmount)) {
          await recorder(tx, { channelId: key, before: current, after: next });
        }
        await writeRecord(tx, key, next);
        return { channel: next, status: 'updated' };
      });
    },
  };
}

/** Channel ids are bytes32 hex; the SDK compares them lowercased, and so does the table's check. */
function normalize(channelId: string): string {
  const key = channelId.toLowerCase();
  if (!/^0x[0-9a-f]{64}$/.test(key)) throw new Error(`not a channel id: ${channelId.slice(0, 80)}`);
  return key;
}

async function writeRecord(tx: Queryable, key: string, record: Channel): Promise<void> {
  // JSON goes in as text cast to jsonb: as a plain parameter postgres.js would encode the string once more.
  await tx.query(
    `insert into x402_channels (channel_id, payer, record, charged_cumulative, claimed_total, last_request_at)
     values ($1, $2, $3::text::jsonb, $4::numeric, $5::numeric, to_timestamp($6::double precision / 1000))
     on conflict (channel_id) do update
       set payer = excluded.payer, record = excluded.record, charged_cumulative = excluded.charged_cumulative,
           claimed_total = excluded.claimed_total, last_request_at = excluded.last_request_at, updated_at = now()`,
    [
      key,
      record.channelConfig.payer.toLowerCase(),
      JSON.stringify(record),
      atomic(record.chargedCumulativeAmount),
      atomic(record.totalClaimed),
      record.lastRequestTimestamp,
    ],
  );
}

/** An amount as the SDK keeps it (a decimal string of atomic units), checked before it reaches a numeric column. */
function atomic(value: string): string {
  if (!/^\d{1,78}$/.test(value)) throw new Error(`not an atomic amount: ${String(value).slice(0, 80)}`);
  return value;
}
