import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
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
import { batchEscrowPresent } from '@/lib/payments/batch-settlement/escrow-present';
import type { PaidOffer } from '@/lib/payments/offer';
import { devPrivateKeys, X402_ROLES } from '@/lib/payments/sandbox/accounts';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { sellOffer } from '@/lib/payments/sell-offer';
import type { PaymentSetup } from '@/lib/payments/setup';
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
        batchSettlement: { receiverAuthorizerKey: devPrivateKeys()[X402_ROLES.payTo]! },
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

  it('sells many requests through one deposit, a voucher each, and counts no 404, HEAD, failed answer or replay', async () => {
    const x402 = sandbox.config.x402;
    const payer = privateKeyToAccount(x402.payerPrivateKeys[0]!);
    const chain = createPublicClient({ transport: http(x402.rpcUrl) });
    const clientScheme = new BatchClientScheme(payer, {
      rpcUrl: x402.rpcUrl,
      depositStrategy: () => String(PRICE_ATOMIC * 20n),
    });
    const pay = wrapFetchWithPayment(routeFetch, new x402Client().register('eip155:*', clientScheme));
    const startBlock = await chain.getBlockNumber({ cacheTime: 0 });

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
    let transactions = 0;
    for (let block = startBlock + 1n; block <= (await chain.getBlockNumber({ cacheTime: 0 })); block++) {
      transactions += (await chain.getBlock({ blockNumber: block })).transactions.length;
    }
    expect(transactions).toBe(1);
    const [channel] = await db.query<{ channel_id: `0x${string}` }>(`select channel_id from x402_channels`);
    const [balance, claimed] = await chain.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: ESCROW_VIEWS,
      functionName: 'channels',
      args: [channel!.channel_id],
    });
    expect([balance, claimed]).toEqual([PRICE_ATOMIC * 20n, 0n]);
  });
});
