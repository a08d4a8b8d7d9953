import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tempo } from 'mppx/client';
import { Session } from 'mppx/tempo';
import type { Hex } from 'viem';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSessionStore, type SessionCharge } from '@/lib/payments/mpp-session/channel-store';
import {
  reconcileSessionSettle,
  type SessionPayee,
  sessionSettlementsDue,
  settleDueSessionChannels,
} from '@/lib/payments/mpp-session/settle';
import { devPrivateKeys, TEMPO_ROLES } from '@/lib/payments/sandbox/accounts';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { transition } from '@/lib/payments/settlements/states';
import { findSettlement } from '@/lib/payments/settlements/store';
import { suiteDatabase } from '@/tests/helpers/suite-database';
import { startMppSessionServer } from './helpers/mpp-session-server';

/**
 * mppx's `tempo.session` server with its channel records in mpp_session_channels (postgresSessionStore), bought from
 * by mppx's session manager on the sandbox chain: each charge reaches the recorder inside the transaction that
 * commits it, and a recorder that fails rolls the charge back (the request is not charged, the next one is).
 */
const PRICE = 10_000n;
const db = suiteDatabase();

describe('MPP session channel records in PostgreSQL, charged together with the sale', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mpp-session-store-'));
  let sandbox: PaymentSandbox;
  let server: Awaited<ReturnType<typeof startMppSessionServer>>;
  const charges: SessionCharge[] = [];
  let failNext = false;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    const store = postgresSessionStore(async () => db);
    server = await startMppSessionServer(sandbox.config.mpp, devPrivateKeys()[TEMPO_ROLES.recipient]!, '0.01', store);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const channelRow = async (channelId: string) => {
    const [row] = await db.query<{ spent: string; settled: string; payer: string; finalized: boolean }>(
      `select spent::text as spent, settled::text as settled, payer, finalized from mpp_session_channels where channel_id = $1`,
      [channelId.toLowerCase()],
    );
    return row;
  };

  it('records every charge in the transaction that commits it; a failed record charges nothing', async () => {
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[2]!);
    const { rpcUrl } = sandbox.config.mpp;
    const manager = tempo.session.manager({
      account: payer,
      getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
      maxDeposit: '1',
    });
    const recorder = async (_tx: unknown, charge: SessionCharge) => {
      if (failNext) {
        failNext = false;
        throw new Error('the sale could not be recorded');
      }
      charges.push(charge);
    };
    // The recorder runs where mppx charges: around the server's handling of each request.
    server.useRecorder(recorder);
    for (let i = 0; i < 4; i++) expect((await manager.fetch(`${server.url}/report`)).status).toBe(200);
    const channelId = manager.channelId!;
    expect(charges.map((c) => c.after.spent - c.before.spent)).toEqual([PRICE, PRICE, PRICE, PRICE]);
    expect(await channelRow(channelId)).toMatchObject({ spent: String(4n * PRICE), settled: '0', finalized: false });
    expect((await channelRow(channelId))?.payer).toBe(payer.address.toLowerCase());

    failNext = true;
    // mppx turns any failure of its charge into 410 "channel not found" (chargeSessionChannel); nothing is sold.
    const failed = await manager.fetch(`${server.url}/report`);
    expect(failed.status).toBe(410);
    expect((await channelRow(channelId))?.spent).toBe(String(4n * PRICE));

    expect((await manager.fetch(`${server.url}/report`)).status).toBe(200);
    expect((await channelRow(channelId))?.spent).toBe(String(5n * PRICE));
    expect(charges).toHaveLength(5);

    // A new store (a restart) reads the same record.
    const again = await postgresSessionStore(async () => db).get(channelId.toLowerCase());
    expect((again as { spent: bigint }).spent).toBe(5n * PRICE);

    await server.settle(channelId);
    expect((await channelRow(channelId))?.settled).toBe(String(5n * PRICE));
    await manager.close();
    expect((await channelRow(channelId))?.finalized).toBe(true);
  });

  it('settles spent vouchers by count and by age, and finishes a settle a crash interrupted', async () => {
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[3]!);
    const { rpcUrl, chainId } = sandbox.config.mpp;
    const payee: SessionPayee = { rpcUrl, chainId, payeeKey: devPrivateKeys()[TEMPO_ROLES.recipient]! };
    const policy = { count: 3, ageSeconds: 300 };
    const manager = tempo.session.manager({
      account: payer,
      getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
      maxDeposit: '1',
    });
    const buy = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await manager.fetch(`${server.url}/report`)).status).toBe(200);
    };
    const chain = createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) });
    const settledOnChain = async (channelId: Hex) =>
      (await Session.Precompile.Chain.getChannelState(chain, channelId)).settled;

    await buy(2);
    const channelId = manager.channelId!;
    const mine = async (now?: number) =>
      (await sessionSettlementsDue(db, policy, now)).filter(
        (d) => d.channelId.toLowerCase() === channelId.toLowerCase(),
      );
    expect(await mine()).toEqual([]);
    await buy(1);
    expect((await mine()).map((d) => d.reason)).toEqual(['count']);
    const settled = (await settleDueSessionChannels(db, payee, policy)).find((r) => r.channelId === channelId);
    expect(settled?.transaction).toMatch(/^0x/);
    expect(await settledOnChain(channelId)).toBe(3n * PRICE);
    expect(await mine()).toEqual([]);
    const row = await findSettlement(db, `mpp-session-settle:tempo:${chainId}:${channelId}:${3n * PRICE}`);
    expect(row).toMatchObject({ status: 'settled', transaction: settled?.transaction, amountCents: 3 });

    await buy(1);
    expect(await mine()).toEqual([]);
    expect((await mine(Date.now() + 301_000)).map((d) => d.reason)).toEqual(['age']);

    // A settle whose process stopped before its transaction: on record, pending, nothing on chain.
    const key4 = `mpp-session-settle:tempo:${chainId}:${channelId}:${4n * PRICE}`;
    const pending = (cumulative: bigint) => ({
      protocol: 'mpp' as const,
      resource: 'MPP session settle',
      amountCents: 1,
      network: `tempo:${chainId}`,
      payer: payer.address.toLowerCase(),
      payload: { channelId, cumulativeAmount: cumulative.toString() } as never,
      requirements: {} as never,
    });
    await transition(db, key4, 'challenged', 'settling', pending(4n * PRICE));
    expect(await reconcileSessionSettle(db, (await findSettlement(db, key4))!, payee)).toBe('settled');
    expect(await settledOnChain(channelId)).toBe(4n * PRICE);

    // A settle whose process stopped after its transaction was mined: the chain shows it, nothing is sent again.
    await buy(1);
    const key5 = `mpp-session-settle:tempo:${chainId}:${channelId}:${5n * PRICE}`;
    await transition(db, key5, 'challenged', 'settling', pending(5n * PRICE));
    await server.settle(channelId);
    const before = await chain.request({ method: 'eth_blockNumber' });
    expect(await reconcileSessionSettle(db, (await findSettlement(db, key5))!, payee)).toBe('settled');
    expect(await chain.request({ method: 'eth_blockNumber' })).toBe(before);
    expect(await settledOnChain(channelId)).toBe(5n * PRICE);
    expect((await channelRow(channelId))?.settled).toBe(String(5n * PRICE));
    expect(await mine(Date.now() + 301_000)).toEqual([]);
    await manager.close();
  });
});
