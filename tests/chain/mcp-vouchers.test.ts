import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import { BatchSettlementEvmScheme as BatchClientScheme } from '@x402/evm/batch-settlement/client';
import { x402Client } from '@x402/fetch';
import { Challenge, Credential, Mcp } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { McpClient } from 'mppx/mcp/client';
import { Session } from 'mppx/tempo';
import { createClient, createPublicClient, http, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as postRoute } from '@/app/api/v1/publications/[publicationSlug]/[postSlug]/route';
import { PaidPublicationPost } from '@/lib/api/contracts/paid';
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import { migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import { readPaymentRequired } from '@/lib/mcp/read-payment-required';
import { devPrivateKeys, TEMPO_ROLES, X402_ROLES } from '@/lib/payments/sandbox/accounts';
import { usdcBalance } from '@/lib/payments/sandbox/balances';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { type PaymentSandbox, startPaymentSandbox, USDC_PER_PAYER } from '@/lib/payments/sandbox/start';
import { TIP1034_ESCROW_ADDRESS } from '@/lib/payments/sandbox/tempo-session-escrow';
import type { PaymentSetup } from '@/lib/payments/setup';
import { CLIENT_IP_HEADER } from '@/lib/rate-limits/client-ip';
import { connectInMemoryMcp } from '@/tests/helpers/in-memory-mcp';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

/**
 * The paid MCP tools sold by voucher: the official MCP client (`Client.callTool`, connected in memory to this
 * process's MCP server, whose tools call the real routes) pays get_post_summary with x402 batch-settlement (the
 * official x402 client and @x402/evm's batch-settlement client scheme, following x402's MCP transport) and with MPP
 * tempo.session (mppx's McpClient with its tempo.session method), on the sandbox chains. Several calls go through
 * one channel; the chain's transactions are counted from its blocks or the escrow's logs; a tool call that fails
 * (a missing post) with a voucher attached is not charged.
 */
const PRICE_ATOMIC = 100_000n; // $0.10 in 6 decimals (USDC, pathUSD)
const PUBLICATION = 'mcp-vouchers.example';
const CALLS = 5;

describe('paid MCP tools with vouchers', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mcp-vouchers-'));
  let sandbox: PaymentSandbox;
  let database: TestDatabase;
  let db: Db;
  let setup: PaymentSetup;
  const clients: Client[] = [];

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    database = await createTestDatabase();
    db = await database.open();
    await migrate(db);
    const { x402, mpp } = sandbox.config;
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
      mpp: {
        secretKey: 'b'.repeat(64),
        realm: 'localhost',
        tempo: {
          rpcUrl: mpp.rpcUrl,
          chainId: mpp.chainId,
          recipient: mpp.recipient,
          currency: mpp.currency,
          session: { payeeKey: devPrivateKeys()[TEMPO_ROLES.recipient]!, settle: { count: 100, ageSeconds: 300 } },
        },
        stripe: null,
      },
      prices: { defaultPostCents: 10, stockPicksArticleCents: 10 },
      weeklyAllowanceCents: 100,
    };
    await openAppContext({ db, log: () => {}, walletPayments: async () => ({ setup, stop: async () => {} }) });
    const [publication] = await db.query<{ id: string }>(
      `insert into publications (slug, site_url, source_kind) values ($1, 'https://mcp-vouchers.example', 'rss')
       returning id`,
      [PUBLICATION],
    );
    for (const slug of ['first-post', 'second-post']) {
      const [post] = await db.query<{ id: string }>(
        `insert into posts (publication_id, guid, slug, title, url) values ($1, $2, $2, $2, $3) returning id`,
        [publication!.id, slug, `https://mcp-vouchers.example/${slug}`],
      );
      await db.query(`insert into post_summaries (post_id, summary, model) values ($1, 'A summary.', 'test')`, [
        post!.id,
      ]);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await closeAppContext();
    await db?.close();
    await database?.drop();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const connect = async () => {
    const client = await connectInMemoryMcp(null, setup.prices, 'mcp-vouchers-test');
    clients.push(client);
    return client;
  };
  type ToolResult = {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: Array<{ type: string; text?: string }>;
    _meta?: Record<string, unknown>;
  };
  const callTool = async (client: Client, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    (await client.callTool({
      name: 'get_post_summary',
      arguments: args,
      ...(meta ? { _meta: meta } : {}),
    })) as ToolResult;
  const post = (postSlug: string) => ({ publicationSlug: PUBLICATION, postSlug });
  /** The post's REST route in process: where the payer closes its channel (a close sells no tool's output). */
  const routeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    request.headers.set(CLIENT_IP_HEADER, '127.0.0.1');
    const [, , , , publicationSlug, postSlug] = new URL(request.url).pathname.split('/');
    return postRoute(request, { params: Promise.resolve({ publicationSlug: publicationSlug!, postSlug: postSlug! }) });
  };
  const url = (slug: string) => `http://localhost/api/v1/publications/${PUBLICATION}/${slug}`;
  const payments = async (method: string) =>
    (
      await db.query<{ n: number; cents: number; sales: number }>(
        `select (select count(*) from payments where method = $1)::int as n,
                (select coalesce(sum(amount_cents), 0) from payments where method = $1)::int as cents,
                (select count(*) from sales s join payments p on p.id = s.payment_id where p.method = $1)::int as sales`,
        [method],
      )
    )[0]!;

  it('sells tool calls for x402 batch-settlement vouchers through one deposit, and charges no failed call', async () => {
    const x402 = sandbox.config.x402;
    const payer = privateKeyToAccount(x402.payerPrivateKeys[1]!);
    const chain = createPublicClient({ transport: http(x402.rpcUrl) });
    const scheme = new BatchClientScheme(payer, {
      rpcUrl: x402.rpcUrl,
      depositStrategy: () => String(PRICE_ATOMIC * 20n),
    });
    const wallet = new x402Client().register('eip155:*', scheme);
    const client = await connect();
    const startBlock = await chain.getBlockNumber({ cacheTime: 0 });
    const transactionsSinceStart = async () => {
      let transactions = 0;
      for (let block = startBlock + 1n; block <= (await chain.getBlockNumber({ cacheTime: 0 })); block++) {
        transactions += (await chain.getBlock({ blockNumber: block })).transactions.length;
      }
      return transactions;
    };

    // As an x402 MCP client does: the unpaid call's PaymentRequired, a payload in _meta["x402/payment"], then the
    // settlement from _meta["x402/payment-response"] (or a corrective PaymentRequired) handed to the client's hooks.
    const sent: PaymentPayload[] = [];
    const send = async (args: Record<string, unknown>, payload: PaymentPayload) => {
      sent.push(payload);
      const result = await callTool(client, args, { 'x402/payment': payload });
      const settleResponse = result._meta?.['x402/payment-response'] as SettleResponse | undefined;
      const corrective = result.isError ? (readPaymentRequired(result) ?? undefined) : undefined;
      const handled = await wallet.handlePaymentResponse({
        paymentPayload: payload,
        requirements: payload.accepted,
        ...(settleResponse ? { settleResponse } : {}),
        ...(corrective ? { paymentRequired: corrective } : {}),
      });
      return { result, corrective: handled?.recovered ? corrective : undefined };
    };
    const pay = async (args: Record<string, unknown>): Promise<ToolResult> => {
      const offered = readPaymentRequired(await callTool(client, args))!;
      const payload = await wallet.createPaymentPayload(offered);
      expect(payload.accepted.scheme).toBe('batch-settlement');
      const { result, corrective } = await send(args, payload);
      // A voucher out of step with the channel: the client resynced from the 402 and signs once more.
      return corrective ? (await send(args, await wallet.createPaymentPayload(corrective))).result : result;
    };

    for (let call = 0; call < CALLS; call++) {
      const result = await pay(post(call % 2 === 0 ? 'first-post' : 'second-post'));
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      expect(PaidPublicationPost.parse(result.structuredContent)).toMatchObject({
        synthesizedSummary: 'A summary.',
        paymentInfo: { amountUsd: '0.10', protocol: 'x402' },
      });
      expect(result._meta?.['x402/payment-response']).toMatchObject({ success: true });
    }
    expect(await payments('batch-settlement')).toEqual({ n: CALLS, cents: CALLS * 10, sales: CALLS });

    // A voucher attached to a call that fails (no such post): an error result, nothing counted; the same voucher
    // then buys the post it was signed for.
    const offered = readPaymentRequired(await callTool(client, post('first-post')))!;
    const voucher = await wallet.createPaymentPayload(offered);
    const missing = await callTool(client, post('no-such-post'), { 'x402/payment': voucher });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/^not_found/);
    expect(await payments('batch-settlement')).toEqual({ n: CALLS, cents: CALLS * 10, sales: CALLS });
    // A voucher already counted, sent again, is refused and charges nothing.
    const replay = await callTool(client, post('first-post'), { 'x402/payment': sent.at(-1)! });
    expect(replay.isError).toBe(true);
    expect(readPaymentRequired(replay)).not.toBeNull();
    expect(await payments('batch-settlement')).toEqual({ n: CALLS, cents: CALLS * 10, sales: CALLS });
    const { result: bought } = await send(post('first-post'), voucher);
    expect(bought.isError, bought.content[0]?.text).toBeFalsy();
    expect(await payments('batch-settlement')).toEqual({ n: CALLS + 1, cents: (CALLS + 1) * 10, sales: CALLS + 1 });

    // On chain so far: the one deposit. The payer closes at the tool's REST URL (the official client's refund):
    // one more transaction, and the payer is down by exactly the calls it bought.
    expect(await transactionsSinceStart()).toBe(1);
    expect((await scheme.refund(url('first-post'), { fetch: routeFetch })).success).toBe(true);
    expect(await transactionsSinceStart()).toBe(2);
    expect(await usdcBalance(sandbox.config, payer.address)).toBe(USDC_PER_PAYER - PRICE_ATOMIC * BigInt(CALLS + 1));
  });

  it("sells tool calls for MPP tempo.session vouchers through one channel with mppx's MCP client", async () => {
    const { rpcUrl } = sandbox.config.mpp;
    const chain = createPublicClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) });
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[3]!);
    const getClient = () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) });
    let channel: { channelId: `0x${string}`; descriptor: unknown; cumulativeAmount: bigint } | undefined;
    const session = tempo.session({
      account: payer,
      getClient,
      maxDeposit: '20',
      onChannelUpdate: (entry) => {
        channel = entry;
      },
    });
    const fromBlock = (await chain.getBlockNumber({ cacheTime: 0 })) + 1n;
    const client = McpClient.wrap(await connect(), { methods: [session] });

    let receipt: { channelId?: string; acceptedCumulative?: string; spent?: string } | undefined;
    for (let call = 0; call < CALLS; call++) {
      const result = (await client.callTool({
        name: 'get_post_summary',
        arguments: post(call % 2 === 0 ? 'first-post' : 'second-post'),
      })) as ToolResult & { receipt?: typeof receipt };
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      expect(PaidPublicationPost.parse(result.structuredContent)).toMatchObject({
        synthesizedSummary: 'A summary.',
        paymentInfo: { amountUsd: '0.10', protocol: 'mpp' },
      });
      receipt = result.receipt;
      expect(receipt).toMatchObject({ spent: String(PRICE_ATOMIC * BigInt(call + 1)) });
    }
    expect(await payments('tempo.session')).toEqual({ n: CALLS, cents: CALLS * 10, sales: CALLS });

    // A voucher attached to a call that fails (no such post): nothing charged, and the next call is charged once.
    const plain = await connect();
    const unpaid = await callTool(plain, post('first-post'));
    const required = unpaid._meta?.[Mcp.paymentRequiredMetaKey] as { challenges: Challenge.Challenge[] } | undefined;
    const offered = required?.challenges.find((c) => c.intent === 'session');
    expect(offered).toBeDefined();
    const mppx = Mppx.create({ polyfill: false, methods: [session] });
    const challenge = new Response(null, {
      status: 402,
      headers: { 'www-authenticate': Challenge.serialize(offered!) },
    });
    const credential = Credential.deserialize(await mppx.createCredential(challenge));
    const missing = await callTool(plain, post('no-such-post'), { [Mcp.credentialMetaKey]: credential });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/^not_found/);
    expect(await payments('tempo.session')).toEqual({ n: CALLS, cents: CALLS * 10, sales: CALLS });
    const next = (await client.callTool({ name: 'get_post_summary', arguments: post('first-post') })) as ToolResult & {
      receipt?: typeof receipt;
    };
    expect(next.isError, next.content[0]?.text).toBeFalsy();
    expect(next.receipt).toMatchObject({ spent: String(PRICE_ATOMIC * BigInt(CALLS + 1)) });
    expect(await payments('tempo.session')).toEqual({ n: CALLS + 1, cents: (CALLS + 1) * 10, sales: CALLS + 1 });

    // The escrow's logs: one open so far. The payer closes the channel over MCP too, a close credential for the
    // channel's last voucher: the call sells nothing (an error result saying so, with the receipt), and the close's
    // transaction pays the payee what was spent and returns the rest of the deposit.
    const logs = async () =>
      parseEventLogs({
        abi: Session.Precompile.escrowAbi,
        logs: await chain.getLogs({ address: TIP1034_ESCROW_ADDRESS, fromBlock }),
      });
    expect((await logs()).map((log) => log.eventName)).toEqual(['ChannelOpened']);
    const closed = (await client.callTool({ name: 'get_post_summary', arguments: post('first-post') }, undefined, {
      context: {
        action: 'close',
        channelId: channel!.channelId,
        descriptor: channel!.descriptor,
        cumulativeAmountRaw: channel!.cumulativeAmount.toString(),
      },
    } as never)) as ToolResult & { receipt?: typeof receipt };
    expect(closed.isError).toBe(true);
    expect(closed.content[0]!.text).toMatch(/^payment_channel_close: Channel closed\. This call sold nothing/);
    expect(closed.receipt).toMatchObject({ channelId: channel!.channelId });
    expect(await payments('tempo.session')).toEqual({ n: CALLS + 1, cents: (CALLS + 1) * 10, sales: CALLS + 1 });
    const events = await logs();
    expect(events.map((log) => log.eventName)).toEqual(['ChannelOpened', 'ChannelClosed']);
    const [opened, close] = events as [
      Extract<(typeof events)[number], { eventName: 'ChannelOpened' }>,
      Extract<(typeof events)[number], { eventName: 'ChannelClosed' }>,
    ];
    const spent = PRICE_ATOMIC * BigInt(CALLS + 1);
    expect(close.args).toMatchObject({ settledToPayee: spent, refundedToPayer: opened.args.deposit - spent });
  });
});
