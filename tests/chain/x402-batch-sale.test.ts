import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import { type FacilitatorClient, HTTPFacilitatorClient } from '@x402/core/server';
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { BatchSettlementEvmScheme as BatchClientScheme } from '@x402/evm/batch-settlement/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { createPublicClient, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as postRoute } from '@/app/api/v1/publications/[publicationSlug]/[postSlug]/route';
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import { migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import { parseEnv } from '@/lib/env';
import { claimDueVouchers, claimsDue } from '@/lib/payments/batch-settlement/claims';
import { batchEscrowPresent } from '@/lib/payments/batch-settlement/escrow-present';
import type { PaidOffer } from '@/lib/payments/offer';
import { devPrivateKeys, X402_ROLES } from '@/lib/payments/sandbox/accounts';
import { usdcBalance } from '@/lib/payments/sandbox/balances';
import { type PaymentSandbox, startPaymentSandbox, USDC_PER_PAYER } from '@/lib/payments/sandbox/start';
import { sellOffer } from '@/lib/payments/sell-offer';
import { reconcilePendingSettlements } from '@/lib/payments/settlements/reconcile';
import type { PaymentSetup } from '@/lib/payments/setup';
import { startWalletPayments } from '@/lib/payments/start';
import { CLIENT_IP_HEADER } from '@/lib/rate-limits/client-ip';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

/**
 * x402 batch-settlement sold by the service itself: the official @x402/fetch client with @x402/evm's batch-settlement
 * client scheme buys posts from the real post route, in process, on the sandbox chain (our escrow at the SDK's
 * address, the sandbox facilitator), with channel records and sales in the test database. One deposit, then a voucher
 * per request; the no-charge rules (404, HEAD, a failed answer) leave the channel's charged total where it was, and a
 * voucher presented twice is counted once.
 */
const PRICE_ATOMIC = 100_000n; // $0.10 in USDC's 6 decimals
const ESCROW_VIEWS = parseAbi(['function channels(bytes32) view returns (uint128 balance, uint128 totalClaimed)']);
const PUBLICATION = 'batch.example';

describe('x402 batch-settlement through the paid post route', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'x402-batch-sale-'));
  let sandbox: PaymentSandbox;
  let database: TestDatabase;
  let db: Db;
  let setup: PaymentSetup;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    database = await createTestDatabase();
    db = await database.open();
    await migrate(db);
    const x402 = sandbox.config.x402;
    expect(await batchEscrowPresent(x402.rpcUrl)).toBe(true);
    setup = {
      testMoney: true,
      refuseDevPayers: false,
      x402: {
        network: x402.network,
        payTo: x402.payTo,
        facilitatorUrl: x402.facilitatorUrl,
        rpcUrl: x402.rpcUrl,
        timeoutMs: 15_000,
        batchSettlement: {
          receiverAuthorizerKey: devPrivateKeys()[X402_ROLES.payTo]!,
          claims: { count: 100, ageSeconds: 300 },
        },
      },
      mpp: null,
      prices: { defaultPostCents: 10, stockPicksArticleCents: 10 },
      weeklyAllowanceCents: 100,
    };
    await openAppContext({ db, log: () => {}, walletPayments: async () => ({ setup, stop: async () => {} }) });
    const [publication] = await db.query<{ id: string }>(
      `insert into publications (slug, site_url, source_kind) values ($1, 'https://batch.example', 'rss') returning id`,
      [PUBLICATION],
    );
    for (const slug of ['first-post', 'second-post']) {
      const [post] = await db.query<{ id: string }>(
        `insert into posts (publication_id, guid, slug, title, url) values ($1, $2, $2, $2, $3) returning id`,
        [publication!.id, slug, `https://batch.example/${slug}`],
      );
      await db.query(`insert into post_summaries (post_id, summary, model) values ($1, 'A summary.', 'test')`, [
        post!.id,
      ]);
    }
  });

  afterAll(async () => {
    await closeAppContext();
    await db?.close();
    await database?.drop();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The post route as Next calls it, for any URL under the publication; `sent` keeps every request's headers. */
  const sent: Headers[] = [];
  const routeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    request.headers.set(CLIENT_IP_HEADER, '127.0.0.1');
    sent.push(new Headers(request.headers));
    const [, , , , publicationSlug, postSlug] = new URL(request.url).pathname.split('/');
    return postRoute(request, { params: Promise.resolve({ publicationSlug: publicationSlug!, postSlug: postSlug! }) });
  };
  const url = (slug: string) => `http://localhost/api/v1/publications/${PUBLICATION}/${slug}`;

  const chargedTotal = async () =>
    (await db.query<{ charged: string }>(`select charged_cumulative::text as charged from x402_channels`)).map((row) =>
      BigInt(row.charged),
    );
  const voucherPayments = async () =>
    (
      await db.query<{ n: number; cents: number }>(
        `select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents from payments
          where method = 'batch-settlement'`,
      )
    )[0]!;

  it('is offered outside the sandbox only where the escrow has code and the facilitator settles it', async () => {
    const x402 = sandbox.config.x402;
    const configured = {
      X402_PAY_TO: x402.payTo,
      X402_FACILITATOR_URL: x402.facilitatorUrl,
      X402_NETWORK: x402.network,
      X402_RECEIVER_AUTHORIZER_KEY: devPrivateKeys()[X402_ROLES.payTo]!,
    };
    const lines: string[] = [];
    const start = async (rpcUrl: string, variables: Record<string, string> = configured) =>
      (await startWalletPayments(parseEnv({ ...variables, X402_RPC_URL: rpcUrl }), (line) => lines.push(line))).setup;

    expect((await start(x402.rpcUrl)).x402?.batchSettlement).toEqual({
      receiverAuthorizerKey: configured.X402_RECEIVER_AUTHORIZER_KEY,
      claims: { count: 100, ageSeconds: 300 },
    });
    expect(lines.at(-1)).toMatch(/x402 exact and batch-settlement on eip155:84532: real money/);
    // The Tempo chain has no code at the escrow's address.
    expect((await start(sandbox.config.mpp.rpcUrl)).x402?.batchSettlement).toBeNull();
    expect(lines).toContain('x402 batch-settlement not offered: no escrow code on eip155:84532');
    const { X402_RECEIVER_AUTHORIZER_KEY: _, ...withoutKey } = configured;
    expect((await start(x402.rpcUrl, withoutKey)).x402?.batchSettlement).toBeUndefined();
  });

  it('offers batch-settlement beside exact in the challenge, with the receiver authorizer and minimum deposit', async () => {
    const response = await routeFetch(url('first-post'));
    expect(response.status).toBe(402);
    const challenge = decodePaymentRequiredHeader(response.headers.get('PAYMENT-REQUIRED')!);
    expect(challenge.accepts.map((a) => a.scheme)).toEqual(['exact', 'batch-settlement']);
    expect(challenge.accepts[1]).toMatchObject({
      amount: String(PRICE_ATOMIC),
      payTo: sandbox.config.x402.payTo,
      extra: {
        resource: `/api/v1/publications/${PUBLICATION}/first-post`,
        receiverAuthorizer: sandbox.config.x402.payTo,
        minDeposit: String(PRICE_ATOMIC * 10n),
      },
    });
  });

  // One payer, one channel, through both tests.
  let clientScheme: BatchClientScheme;
  let pay: typeof fetch;
  let chain: ReturnType<typeof createPublicClient>;
  let startBlock: bigint;
  const transactionsSinceStart = async () => {
    let transactions = 0;
    for (let block = startBlock + 1n; block <= (await chain.getBlockNumber({ cacheTime: 0 })); block++) {
      transactions += (await chain.getBlock({ blockNumber: block })).transactions.length;
    }
    return transactions;
  };

  it('sells many requests through one deposit, a voucher each, and counts no 404, HEAD, failed answer or replay', async () => {
    const x402 = sandbox.config.x402;
    const payer = privateKeyToAccount(x402.payerPrivateKeys[0]!);
    chain = createPublicClient({ transport: http(x402.rpcUrl) });
    clientScheme = new BatchClientScheme(payer, {
      rpcUrl: x402.rpcUrl,
      depositStrategy: () => String(PRICE_ATOMIC * 20n),
    });
    pay = wrapFetchWithPayment(routeFetch, new x402Client().register('eip155:*', clientScheme));
    startBlock = await chain.getBlockNumber({ cacheTime: 0 });

    for (const slug of ['first-post', 'second-post', 'first-post', 'second-post']) {
      const response = await pay(url(slug));
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({
        synthesizedSummary: 'A summary.',
        paymentInfo: { protocol: 'x402' },
      });
      expect(decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE')!).success).toBe(true);
    }
    expect(await chargedTotal()).toEqual([PRICE_ATOMIC * 4n]);
    expect(await voucherPayments()).toEqual({ n: 4, cents: 40 });

    // 404: decided before any payment is looked at; the channel is not touched.
    expect((await pay(url('no-such-post'))).status).toBe(404);
    // HEAD is never charged: the client's signed retry gets the challenge again.
    expect((await pay(url('first-post'), { method: 'HEAD' })).status).toBe(402);
    // A voucher already counted, presented again, is refused and counts nothing.
    const lastPaid = sent.findLast((headers) => headers.has('payment-signature'))!;
    const replayed = await routeFetch(url('second-post'), {
      headers: { 'payment-signature': lastPaid.get('payment-signature')! },
    });
    expect(replayed.status).toBe(402);
    expect(await chargedTotal()).toEqual([PRICE_ATOMIC * 4n]);

    // An answer that cannot be built (after the voucher verified) charges nothing and frees the channel at once.
    const broken: PaidOffer = {
      product: 'post_summary',
      resource: `/api/v1/publications/${PUBLICATION}/first-post`,
      url: url('first-post'),
      description: 'A post whose answer fails',
      priceCents: 10,
      sales: [],
      respond: () => {
        throw new Error('serialization failed');
      },
    };
    const failing = wrapFetchWithPayment(
      (input, init) =>
        sellOffer(new Request(input, init), broken, '', { db, setup }).catch(() => new Response(null, { status: 500 })),
      new x402Client().register('eip155:*', clientScheme),
    );
    expect((await failing(url('first-post'))).status).toBe(500);
    expect(await chargedTotal()).toEqual([PRICE_ATOMIC * 4n]);
    expect(await voucherPayments()).toEqual({ n: 4, cents: 40 });

    const after = await pay(url('first-post'));
    expect(after.status).toBe(200);
    expect(await chargedTotal()).toEqual([PRICE_ATOMIC * 5n]);
    expect(await voucherPayments()).toEqual({ n: 5, cents: 50 });
    const [sales] = await db.query<{ n: number }>(
      `select count(*)::int as n from sales s join payments p on p.id = s.payment_id where p.method = 'batch-settlement'`,
    );
    expect(sales!.n).toBe(5);

    // On chain: the one deposit, nothing else; the escrow holds it, nothing claimed yet.
    expect(await transactionsSinceStart()).toBe(1);
    const [channel] = await db.query<{ channel_id: `0x${string}` }>(`select channel_id from x402_channels`);
    const [balance, claimed] = await chain.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: ESCROW_VIEWS,
      functionName: 'channels',
      args: [channel!.channel_id],
    });
    expect([balance, claimed]).toEqual([PRICE_ATOMIC * 20n, 0n]);
  });

  it('claims by count and by age, finishes claims a crash interrupted, pays out, and refunds the unspent deposit', async () => {
    const x402 = setup.x402!;
    const payer = privateKeyToAccount(sandbox.config.x402.payerPrivateKeys[0]!);
    const [channel] = await db.query<{ channel_id: `0x${string}` }>(`select channel_id from x402_channels`);
    const channelId = channel!.channel_id;
    const onChainClaimed = async () =>
      (
        await chain.readContract({
          address: BATCH_SETTLEMENT_ADDRESS,
          abi: ESCROW_VIEWS,
          functionName: 'channels',
          args: [channelId],
        })
      )[1];
    const recordedClaimed = async () =>
      BigInt((await db.query<{ c: string }>(`select claimed_total::text as c from x402_channels`))[0]!.c);
    const claimRows = () =>
      db.query<{ status: string }>(
        `select status from wallet_settlements where unique_key like 'x402-batch-claim:%' order by created_at`,
      );

    // Five vouchers counted, the newest seconds old: due by count at five, by age only once the oldest is 300 s old.
    expect(await claimsDue(db, { count: 100, ageSeconds: 300 })).toBeNull();
    expect(await claimsDue(db, { count: 5, ageSeconds: 300 })).toBe('count');
    expect(await claimsDue(db, { count: 100, ageSeconds: 300 }, Date.now() + 301_000)).toBe('age');

    // The process stops right after the claim's transaction was sent: the claim is on record, pending.
    const facilitator = new HTTPFacilitatorClient({ url: x402.facilitatorUrl });
    const stopsAfterClaim: FacilitatorClient = {
      verify: (p, r) => facilitator.verify(p, r),
      getSupported: () => facilitator.getSupported(),
      async settle(p, r) {
        const result = await facilitator.settle(p, r);
        if ((p.payload as { type?: string }).type === 'claim') throw new Error('process stopped');
        return result;
      },
    };
    const policy = { count: 5, ageSeconds: 300 };
    await expect(claimDueVouchers(db, x402, policy, { facilitator: stopsAfterClaim })).rejects.toThrow(/stopped/);
    expect(await claimRows()).toEqual([{ status: 'pending' }]);
    expect(await onChainClaimed()).toBe(PRICE_ATOMIC * 5n);
    expect(await recordedClaimed()).toBe(0n);
    // The reconcile job, past the grace period: the chain shows the claim, so it is settled and the channel learns it.
    expect(await reconcilePendingSettlements(db, setup, Date.now() + 31_000)).toEqual({ settled: 1 });
    expect(await recordedClaimed()).toBe(PRICE_ATOMIC * 5n);
    expect(await claimsDue(db, { count: 1, ageSeconds: 60 })).toBeNull();

    // One more request; this time the process stops before the claim reaches the facilitator.
    expect((await pay(url('second-post'))).status).toBe(200);
    const stopsBeforeClaim: FacilitatorClient = {
      ...stopsAfterClaim,
      async settle(p, r) {
        if ((p.payload as { type?: string }).type === 'claim') throw new Error('process stopped');
        return facilitator.settle(p, r);
      },
    };
    await expect(
      claimDueVouchers(db, x402, { count: 1, ageSeconds: 300 }, { facilitator: stopsBeforeClaim }),
    ).rejects.toThrow(/stopped/);
    expect(await onChainClaimed()).toBe(PRICE_ATOMIC * 5n);
    // The job submits the stored claim (its authorizer's signature included) itself.
    expect(await reconcilePendingSettlements(db, setup, Date.now() + 31_000)).toEqual({ settled: 1 });
    expect(await onChainClaimed()).toBe(PRICE_ATOMIC * 6n);
    expect(await claimRows()).toEqual([{ status: 'settled' }, { status: 'settled' }]);

    // Nothing left to claim; what the escrow holds claimed for us is paid out.
    const payToBefore = await usdcBalance(sandbox.config, sandbox.config.x402.payTo);
    const run = await claimDueVouchers(db, x402, policy);
    expect(run).toMatchObject({ due: null, claims: [], payout: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await usdcBalance(sandbox.config, sandbox.config.x402.payTo)).toBe(payToBefore + PRICE_ATOMIC * 6n);

    // The payer closes: the official client's cooperative refund gives back the unspent deposit.
    const refund = await clientScheme.refund(url('first-post'), { fetch: routeFetch });
    expect(refund.success).toBe(true);
    expect(await usdcBalance(sandbox.config, payer.address)).toBe(USDC_PER_PAYER - PRICE_ATOMIC * 6n);
    expect(await voucherPayments()).toEqual({ n: 6, cents: 60 });
    // The deposit, two claims, the payout and the refund: five transactions for six paid requests.
    expect(await transactionsSinceStart()).toBe(5);
  });
});
