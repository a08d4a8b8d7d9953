import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Credential, Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { createClient, createTestClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeWithMpp } from '@/lib/payments/mpp/charge';
import { tempoBalance } from '@/lib/payments/sandbox/balances';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { sellOffer } from '@/lib/payments/sell-offer';
import { mppSettlementKey, newMppSettlement } from '@/lib/payments/settlements/mpp';
import { reconcilePendingSettlements, SETTLE_GRACE_MS } from '@/lib/payments/settlements/reconcile';
import { transition } from '@/lib/payments/settlements/states';
import { findSettlement } from '@/lib/payments/settlements/store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { NO_WALLETS, openPaymentFixture, type PaymentFixture, request } from '@/tests/helpers/payment-fixture';

const EMPTY_BODY = createHash('sha256').update('').digest('hex');

/**
 * MPP settlements are rows of ours (wallet_settlements, keyed by a digest of the credential) written before mppx
 * charges, resolved with the receipt; a process that stops between the charge and its record leaves a pending row
 * the reconcile job resolves from the Tempo chain. Paid with the official mppx client on the sandbox chain.
 */
describe('MPP settlements on the sandbox Tempo chain', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mpp-settlement-'));
  let sandbox: PaymentSandbox;
  let f: PaymentFixture;
  let setup: PaymentSetup;
  let mpp: NonNullable<PaymentSetup['mpp']>;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    f = await openPaymentFixture();
    const { rpcUrl, chainId, recipient, currency } = sandbox.config.mpp;
    mpp = {
      secretKey: randomBytes(32).toString('hex'),
      realm: 'research.example',
      tempo: { rpcUrl, chainId, recipient, currency },
      stripe: null,
    };
    setup = { ...NO_WALLETS, testMoney: true, refuseDevPayers: false, mpp };
  });

  afterAll(async () => {
    await f?.close();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sell = (req: Request) => sellOffer(req, f.offer(), '', { db: f.db, setup });
  const received = () => tempoBalance(sandbox.config, sandbox.config.mpp.recipient);
  const runJob = (now = Date.now() + SETTLE_GRACE_MS) => reconcilePendingSettlements(f.db, { x402: null, mpp }, now);

  /** A credential for this offer's challenge, signed by sandbox payer `n`, as the request that carries it. */
  async function paidRequest(n: number) {
    const { rpcUrl } = sandbox.config.mpp;
    const client = Mppx.create({
      polyfill: false,
      methods: [
        tempo.charge({
          account: privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[n]!),
          getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
        }),
      ],
    });
    const credential = await client.createCredential(await sell(request()));
    const authorization = credential.startsWith('Payment ') ? credential : `Payment ${credential}`;
    return request({ authorization });
  }

  /** As payWithMpp stores it before mppx is called: the process then stops (the row is never resolved). */
  async function openRow(paid: Request) {
    const key = mppSettlementKey(paid.headers.get('authorization')!);
    const settlement = newMppSettlement(Credential.fromRequest(paid), f.offer(), mpp);
    expect(await transition(f.db, key, 'challenged', 'settling', settlement)).toEqual({
      applied: true,
      status: 'pending',
    });
    return key;
  }

  const recorded = async (paymentKey: string | null) =>
    f.count(`from payments where unique_key = $1 and delivered`, [paymentKey]);

  it('paid: the row is settled under its receipt and delivered once; the same credential again is refused', async () => {
    const before = await received();
    const paid = await paidRequest(0);
    const response = await sell(paid);
    expect(response.status).toBe(200);
    const receipt = Receipt.fromResponse(response);
    const row = await findSettlement(f.db, mppSettlementKey(paid.headers.get('authorization')!));
    expect(row).toMatchObject({
      protocol: 'mpp',
      status: 'settled',
      transaction: receipt.reference,
      paymentKey: `mpp:tempo:${receipt.reference}`,
      delivered: true,
    });
    expect((await sell(paid.clone())).status).toBe(402);
    expect(await received()).toBe(before + 100_000n);
    expect(await recorded(row!.paymentKey)).toBe(1);
  });

  it('the process stopped after mppx charged, before the record: the job settles it from the chain, the retry delivers once', async () => {
    const before = await received();
    const paid = await paidRequest(1);
    const key = await openRow(paid);
    // mppx charges (the money moves); this process never learns of it.
    const charged = await chargeWithMpp(mpp, 'research.example', paid.clone(), f.offer(), EMPTY_BODY);
    expect(charged?.status).toBe(200);
    expect(await received()).toBe(before + 100_000n);

    expect(await runJob(Date.now())).toEqual({}); // within its grace period: left to its own request
    expect(await runJob()).toEqual({ settled: 1 });
    const row = await findSettlement(f.db, key);
    expect(row).toMatchObject({ status: 'settled', delivered: false });
    expect(row!.paymentKey).toBe(`mpp:tempo:${row!.transaction}`);

    const delivered = await sell(paid.clone());
    expect(delivered.status).toBe(200);
    expect(Receipt.fromResponse(delivered).reference).toBe(row!.transaction);
    expect(await recorded(row!.paymentKey)).toBe(1);
    expect((await sell(paid.clone())).status).toBe(402);
    expect(await received()).toBe(before + 100_000n);
  });

  it('the process stopped before mppx was asked: the job finds no transfer and leaves it; the retry pays once', async () => {
    const before = await received();
    const paid = await paidRequest(2);
    const key = await openRow(paid);
    expect(await runJob()).toEqual({ pending: 1 });
    expect(await findSettlement(f.db, key)).toMatchObject({ status: 'pending', lastError: 'no receipt on chain yet' });

    const response = await sell(paid.clone());
    expect(response.status).toBe(200);
    expect(await findSettlement(f.db, key)).toMatchObject({ status: 'settled', delivered: true });
    expect(await received()).toBe(before + 100_000n);
  });

  // Last: it moves the chain's clock forward.
  it('the process stopped before mppx was asked and the transaction expired unsent: the job fails it; the retry pays nothing', async () => {
    const before = await received();
    const paid = await paidRequest(3);
    const key = await openRow(paid);
    expect(await runJob()).toEqual({ pending: 1 }); // still valid: it could yet land
    // mppx's client signs with an expiring nonce valid for 25 s; a minute later no block can include it.
    const chain = createTestClient({ mode: 'anvil', transport: http(sandbox.config.mpp.rpcUrl) });
    await chain.increaseTime({ seconds: 60 });
    await chain.mine({ blocks: 1 });
    expect(await runJob()).toEqual({ failed: 1 });
    expect(await findSettlement(f.db, key)).toMatchObject({
      status: 'failed',
      lastError: 'the transaction expired without landing',
    });
    expect((await sell(paid.clone())).status).toBe(402);
    expect(await received()).toBe(before);
  });
});
