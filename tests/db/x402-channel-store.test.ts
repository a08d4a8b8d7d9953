import type { Channel } from '@x402/evm/batch-settlement/server';
import { describe, expect, it } from 'vitest';
import {
  type ChargeRecorder,
  postgresChannelStorage,
  type VoucherCharge,
  withChargeRecorder,
} from '@/lib/payments/batch-settlement/channel-store';
import { suiteDatabase } from '@/tests/helpers/suite-database';

/**
 * The batch-settlement channel records in x402_channels, through the SDK's ChannelStorage interface: the one
 * read-modify-write per channel must not lose an update when requests on one channel race (on PostgreSQL, with
 * DATABASE_URL set, they run on separate connections), and must survive a new storage (a restart).
 */
const db = suiteDatabase();
const PRICE = 10_000n;

const record = (channelId: string, charged: bigint): Channel => ({
  channelId,
  channelConfig: {
    payer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    payerAuthorizer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    receiverAuthorizer: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    token: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    withdrawDelay: 900,
    salt: `0x${'00'.repeat(32)}`,
  },
  chargedCumulativeAmount: String(charged),
  signedMaxClaimable: String(charged),
  signature: '0x01',
  balance: '1000000',
  totalClaimed: '0',
  withdrawRequestedAt: 0,
  refundNonce: 0,
  lastRequestTimestamp: Date.now(),
});

const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('x402 batch-settlement channel storage', () => {
  it('creates, reads, leaves unchanged and deletes a record, as the SDK expects', async () => {
    const storage = postgresChannelStorage(db);
    const first = record(id(1), PRICE);
    const created = await storage.updateChannel(id(1), () => first);
    expect(created).toEqual({ channel: first, status: 'updated' });
    // Channel ids are looked up case-insensitively, as the SDK compares them.
    expect(await storage.get(`0x${id(1).slice(2).toUpperCase()}`)).toEqual(created.channel);
    const [row] = await db.query<{ charged_cumulative: string; claimed_total: string; payer: string }>(
      `select charged_cumulative, claimed_total, payer from x402_channels where channel_id = $1`,
      [id(1)],
    );
    expect(row).toEqual({
      charged_cumulative: '10000',
      claimed_total: '0',
      payer: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    });

    expect((await storage.updateChannel(id(1), (current) => current)).status).toBe('unchanged');
    expect((await storage.updateChannel(id(1), () => undefined)).status).toBe('deleted');
    expect(await storage.get(id(1))).toBeUndefined();
    expect((await storage.updateChannel(id(1), () => undefined)).status).toBe('unchanged');
  });

  it('applies racing updates of one channel one at a time, none lost, and keeps them for a new storage', async () => {
    const storage = postgresChannelStorage(db);
    await storage.updateChannel(id(2), () => record(id(2), 0n));
    // Each request charges the price on top of the total it finds, as the SDK's settle step does.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        storage.updateChannel(id(2), (current) =>
          current
            ? { ...current, chargedCumulativeAmount: String(BigInt(current.chargedCumulativeAmount) + PRICE) }
            : current,
        ),
      ),
    );
    const restarted = postgresChannelStorage(db);
    expect((await restarted.get(id(2)))?.chargedCumulativeAmount).toBe(String(20n * PRICE));
    expect((await restarted.list()).map((c) => c.channelId)).toContain(id(2));
  });

  it('refuses a channel id that is not bytes32 hex, and a record with an amount that is not atomic units', async () => {
    const storage = postgresChannelStorage(db);
    await expect(storage.updateChannel("0x'; drop table x402_channels; --", () => record(id(3), 1n))).rejects.toThrow(
      /not a channel id/,
    );
    await expect(
      storage.updateChannel(id(3), () => ({ ...record(id(3), 1n), chargedCumulativeAmount: '-5' })),
    ).rejects.toThrow(/not an atomic amount/);
    expect(await storage.get(id(3))).toBeUndefined();
  });

  it('commits a charge and its sale together, or neither', async () => {
    const storage = postgresChannelStorage(db);
    await db.exec(`create table if not exists test_voucher_sales (channel_id text, charged text)`);
    const charge = (current: Channel | undefined) =>
      current
        ? { ...current, chargedCumulativeAmount: String(BigInt(current.chargedCumulativeAmount) + PRICE) }
        : current;
    const seen: VoucherCharge[] = [];
    const recordSale: ChargeRecorder = async (tx, c) => {
      seen.push(c);
      await tx.query(`insert into test_voucher_sales values ($1, $2)`, [c.channelId, c.after.chargedCumulativeAmount]);
    };
    await storage.updateChannel(id(4), () => record(id(4), 0n));

    // A change that charges nothing (the SDK's reservation of a request) records no sale.
    await withChargeRecorder(recordSale, () =>
      storage.updateChannel(id(4), (current) => (current ? { ...current, signature: '0x02' } : current)),
    );
    expect(seen).toEqual([]);

    await withChargeRecorder(recordSale, () => storage.updateChannel(id(4), charge));
    expect(seen.map((c) => [c.before.chargedCumulativeAmount, c.after.chargedCumulativeAmount])).toEqual([
      ['0', '10000'],
    ]);
    expect(await db.query(`select * from test_voucher_sales`)).toEqual([{ channel_id: id(4), charged: '10000' }]);

    // The sale's record fails: the charge is rolled back with it, and the caller hears why.
    await expect(
      withChargeRecorder(
        async () => {
          throw new Error('payments table unavailable');
        },
        () => storage.updateChannel(id(4), charge),
      ),
    ).rejects.toThrow('payments table unavailable');
    expect((await storage.get(id(4)))?.chargedCumulativeAmount).toBe('10000');

    // Outside a sale, a charge records nothing (the recorder belongs to its own request only).
    await storage.updateChannel(id(4), charge);
    expect(seen).toHaveLength(1);
    expect(await db.query(`select count(*)::int as n from test_voucher_sales`)).toEqual([{ n: 1 }]);
  });
});
