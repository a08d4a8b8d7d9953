import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tempo } from 'mppx/client';
import { Session } from 'mppx/tempo';
import { createClient, createPublicClient, http, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as postRoute } from '@/app/api/v1/publications/[publicationSlug]/[postSlug]/route';
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import { migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import { parseEnv } from '@/lib/env';
import { sessionEscrowPresent } from '@/lib/payments/mpp-session/escrow-present';
import { devPrivateKeys, TEMPO_ROLES } from '@/lib/payments/sandbox/accounts';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { TIP1034_ESCROW_ADDRESS } from '@/lib/payments/sandbox/tempo-session-escrow';
import type { PaymentSetup } from '@/lib/payments/setup';
import { startWalletPayments } from '@/lib/payments/start';
import { CLIENT_IP_HEADER } from '@/lib/rate-limits/client-ip';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

/**
 * MPP `tempo.session` sold by the service itself: mppx's session manager buys posts from the real post route, in
 * process, on the sandbox chain (the TIP-1034 escrow emulation), with channel records and sales in the test database.
 * One open, then a voucher per request; a 404, a HEAD and a replayed voucher charge nothing; the close returns the
 * rest of the deposit.
 */
const PRICE_ATOMIC = 100_000n; // $0.10 in pathUSD's 6 decimals
const PUBLICATION = 'session.example';

describe('MPP tempo.session through the paid post route', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mpp-session-sale-'));
  let sandbox: PaymentSandbox;
  let database: TestDatabase;
  let db: Db;
  let setup: PaymentSetup;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    database = await createTestDatabase();
    db = await database.open();
    await migrate(db);
    const mpp = sandbox.config.mpp;
    expect(await sessionEscrowPresent(mpp.rpcUrl)).toBe(true);
    setup = {
      testMoney: true,
      refuseDevPayers: false,
      x402: null,
      mpp: {
        secretKey: 'a'.repeat(64),
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
      `insert into publications (slug, site_url, source_kind) values ($1, 'https://session.example', 'rss') returning id`,
      [PUBLICATION],
    );
    for (const slug of ['first-post', 'second-post']) {
      const [post] = await db.query<{ id: string }>(
        `insert into posts (publication_id, guid, slug, title, url) values ($1, $2, $2, $2, $3) returning id`,
        [publication!.id, slug, `https://session.example/${slug}`],
      );
      await db.query(`insert into post_summaries (post_id, summary, model) values ($1, 'A summary.', 'test')`, [
        post!.id,
      ]);
    }
  }, 120_000);

  afterAll(async () => {
    await closeAppContext();
    await db?.close();
    await database?.drop();
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The post route as Next calls it, for any URL under the publication; `sent` keeps every credential sent. */
  const sent: string[] = [];
  const routeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    request.headers.set(CLIENT_IP_HEADER, '127.0.0.1');
    const authorization = request.headers.get('authorization');
    if (authorization) sent.push(authorization);
    const [, , , , publicationSlug, postSlug] = new URL(request.url).pathname.split('/');
    return postRoute(request, { params: Promise.resolve({ publicationSlug: publicationSlug!, postSlug: postSlug! }) });
  };
  const url = (slug: string) => `http://localhost/api/v1/publications/${PUBLICATION}/${slug}`;
  const sessionPayments = async () =>
    (
      await db.query<{ n: number; cents: number }>(
        `select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents from payments
          where method = 'tempo.session'`,
      )
    )[0]!;

  it("is offered outside the sandbox only with the recipient's key and where the escrow has code", async () => {
    const mpp = sandbox.config.mpp;
    const configured = {
      MPP_SECRET_KEY: 'c'.repeat(64),
      TEMPO_RPC_URL: mpp.rpcUrl,
      TEMPO_CHAIN_ID: String(mpp.chainId),
      TEMPO_RECIPIENT: mpp.recipient,
      TEMPO_CURRENCY: mpp.currency,
      TEMPO_SESSION_PAYEE_KEY: devPrivateKeys()[TEMPO_ROLES.recipient]!,
    };
    const lines: string[] = [];
    const start = async (variables: Record<string, string>) =>
      (await startWalletPayments(parseEnv(variables), (line) => lines.push(line))).setup.mpp?.tempo?.session;

    expect(await start(configured)).toEqual({
      payeeKey: configured.TEMPO_SESSION_PAYEE_KEY,
      settle: { count: 100, ageSeconds: 300 },
    });
    expect(lines.at(-1)).toMatch(/MPP tempo \(charge and session\) on chain 1337: real money/);
    // Another key than the recipient's could never settle or close the channels opened to the recipient.
    expect(
      await start({ ...configured, TEMPO_SESSION_PAYEE_KEY: devPrivateKeys()[TEMPO_ROLES.recipient + 1]! }),
    ).toBeNull();
    expect(lines).toContain('MPP tempo.session not offered: TEMPO_SESSION_PAYEE_KEY is not the key of TEMPO_RECIPIENT');
    // The x402 chain has no escrow at the precompile's address.
    expect(await start({ ...configured, TEMPO_RPC_URL: sandbox.config.x402.rpcUrl })).toBeNull();
    expect(lines).toContain('MPP tempo.session not offered: no TIP-1034 escrow code on chain 1337');
    const { TEMPO_SESSION_PAYEE_KEY: _, ...withoutKey } = configured;
    expect(await start(withoutKey)).toBeUndefined();
  });

  it('offers tempo.session beside tempo.charge', async () => {
    const response = await routeFetch(url('first-post'));
    expect(response.status).toBe(402);
    const header = response.headers.get('WWW-Authenticate') ?? '';
    expect(header).toContain('intent="charge"');
    expect(header).toContain('intent="session"');
  });

  it('sells through one channel: a voucher per request, no charge for 404, HEAD or a replay, the close returns the rest', async () => {
    const { rpcUrl } = sandbox.config.mpp;
    const chain = createPublicClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) });
    const payer = privateKeyToAccount(sandbox.config.mpp.payerPrivateKeys[4]!);
    const manager = tempo.session.manager({
      account: payer,
      getClient: () => createClient({ chain: tempoChain(rpcUrl), transport: http(rpcUrl) }),
      maxDeposit: '20',
      fetch: routeFetch,
    });
    const fromBlock = (await chain.getBlockNumber({ cacheTime: 0 })) + 1n;
    for (const slug of ['first-post', 'second-post', 'first-post', 'second-post']) {
      const response = await manager.fetch(url(slug));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('A summary.');
    }
    expect(await sessionPayments()).toEqual({ n: 4, cents: 40 });

    expect((await manager.fetch(url('no-such-post'))).status).toBe(404);
    expect(
      (await routeFetch(url('first-post'), { method: 'HEAD', headers: { authorization: sent.at(-1)! } })).status,
    ).toBe(402);
    const replay = await routeFetch(url('first-post'), { headers: { authorization: sent.at(-1)! } });
    expect(replay.status).toBe(402);
    expect(await sessionPayments()).toEqual({ n: 4, cents: 40 });

    expect((await manager.fetch(url('first-post'))).status).toBe(200);
    expect(await sessionPayments()).toEqual({ n: 5, cents: 50 });

    await manager.close();
    const logs = parseEventLogs({
      abi: Session.Precompile.escrowAbi,
      logs: await chain.getLogs({ address: TIP1034_ESCROW_ADDRESS, fromBlock }),
    });
    expect(logs.map((log) => log.eventName)).toEqual(['ChannelOpened', 'ChannelClosed']);
    const [opened, closed] = logs as [
      Extract<(typeof logs)[number], { eventName: 'ChannelOpened' }>,
      Extract<(typeof logs)[number], { eventName: 'ChannelClosed' }>,
    ];
    expect(opened.args.deposit).toBe(100n * PRICE_ATOMIC);
    expect(closed.args).toMatchObject({ settledToPayee: 5n * PRICE_ATOMIC, refundedToPayer: 95n * PRICE_ATOMIC });
    expect(await sessionPayments()).toEqual({ n: 5, cents: 50 });
  });
});
