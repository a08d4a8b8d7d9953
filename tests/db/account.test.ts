import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as ledgerGet } from '@/app/api/v1/account/ledger/route';
import { GET as accountGet } from '@/app/api/v1/account/route';
import { POST as briefsPost } from '@/app/api/v1/briefs/route';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { Account, Ledger } from '@/lib/api/contracts/account';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { callRoute } from '@/lib/api/in-process';
import type { AppContext } from '@/lib/app/context';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { connectInMemoryMcp } from '@/tests/helpers/in-memory-mcp';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// GET /api/v1/account and /api/v1/account/ledger in process, as an agent holding an API key or a session token reads
// them after buying research briefs: what it has left, and each charge with the request id of the answer it paid for.
const db: Db = suiteDatabase();
const QUESTION = 'What are newsletters saying about Fed rate cuts?';
let context: AppContext;

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 11, posts: 300, now: new Date() });
  await indexForSearch(db, null, () => {});
  context = await openTestAppContext(db);
});

afterAll(async () => {
  await closeTestAppContext();
});

const headersFor = (authorization?: string) => new Headers(authorization ? { authorization } : {});
const account = (authorization?: string) =>
  callRoute(accountGet, 'http://localhost/api/v1/account', {
    clientIp: '127.0.0.1',
    headers: headersFor(authorization),
  });
const ledger = (authorization: string | undefined, query = '') =>
  callRoute(ledgerGet, `http://localhost/api/v1/account/ledger${query}`, {
    clientIp: '127.0.0.1',
    headers: headersFor(authorization),
  });
const buyBrief = (authorization: string, requestId: string) =>
  callRoute(briefsPost, 'http://localhost/api/v1/briefs', {
    clientIp: '127.0.0.1',
    requestId,
    headers: new Headers({ authorization, 'content-type': 'application/json' }),
    body: JSON.stringify({ question: QUESTION, maxSources: 2 }),
  });

async function customer(cents: number) {
  const user = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
  await grantPurchasedCredits(db, { userId: user.id, cents, ledgerKey: `grant:${user.id}`, kind: 'grant' });
  const { key, id } = await createApiKey(db, user.id, 'research agent');
  return { userId: user.id, key: `Bearer ${key}`, keyId: id };
}

describe('GET /api/v1/account', () => {
  it('answers 401 without a credential, or with an unknown one, and never a 402', async () => {
    for (const authorization of [undefined, 'Bearer pk_svc_unknown', 'Bearer st_unknown', 'Basic abc']) {
      const response = await account(authorization);
      expect(response.status, authorization).toBe(401);
      expect(ErrorMessage.parse(await response.json()).code).toBe('unauthorized');
      expect(response.headers.get('payment-required')).toBeNull();
    }
  });

  it("shows an API key's purchased credits and what it can spend, before and after a purchase", async () => {
    const buyer = await customer(100);
    const before = Account.parse(await (await account(buyer.key)).json());
    expect(before.credential).toEqual({
      kind: 'api_key',
      id: buyer.keyId,
      name: 'research agent',
      spends: ['purchased'],
    });
    expect([before.purchasedCents, before.purchasedUsd, before.spendableCents]).toEqual([100, '1.00', 100]);
    expect(before.allowance.remainingCents).toBe(before.allowance.limitCents);
    expect(new Date(before.allowance.resetsAt).getUTCDay()).toBe(1);

    const bought = await buyBrief(buyer.key, 'req-account-1');
    expect(bought.status).toBe(200);
    const brief = ResearchBrief.parse(await bought.json());
    const after = Account.parse(await (await account(buyer.key)).json());
    expect(after.purchasedCents).toBe(100 - brief.sources.length * 10);
    expect(after.spendableCents).toBe(after.purchasedCents);
  });

  it("shows a session token's allowance first, spent before purchased credits", async () => {
    const buyer = await customer(50);
    const { token } = await issueSessionToken(db, buyer.userId, { name: 'agent' });
    const bearer = `Bearer ${token}`;
    const before = Account.parse(await (await account(bearer)).json());
    expect(before.credential.kind).toBe('session_token');
    expect(before.credential.spends).toEqual(['sponsored', 'purchased']);
    expect(before.spendableCents).toBe(50 + before.allowance.remainingCents);

    expect((await buyBrief(bearer, 'req-session-1')).status).toBe(200);
    const after = Account.parse(await (await account(bearer)).json());
    expect(after.purchasedCents).toBe(50);
    expect(after.allowance.remainingCents).toBeLessThan(before.allowance.remainingCents);
    const [entry] = Ledger.parse(await (await ledger(bearer)).json()).entries;
    expect(entry).toMatchObject({
      kind: 'debit',
      spendSource: 'sponsored',
      requestId: 'req-session-1',
      apiKeyId: null,
    });
  });
});

describe('GET /api/v1/account/ledger', () => {
  it('lists each charge newest first with what it bought and the request id of its answer, page by page', async () => {
    const buyer = await customer(200);
    for (const id of ['req-ledger-1', 'req-ledger-2', 'req-ledger-3'])
      expect((await buyBrief(buyer.key, id)).status).toBe(200);

    const first = Ledger.parse(await (await ledger(buyer.key, '?limit=2')).json());
    expect(first.entries.map((e) => e.requestId)).toEqual(['req-ledger-3', 'req-ledger-2']);
    for (const entry of first.entries) {
      expect(entry).toMatchObject({
        kind: 'debit',
        spendSource: 'purchased',
        product: 'research_brief',
        protocol: 'credits',
        apiKeyId: buyer.keyId,
      });
      expect(entry.amountCents).toBeLessThan(0);
      expect(entry.amountUsd).toBe(`-0.${String(-entry.amountCents).padStart(2, '0')}`);
      expect(entry.resource).toMatch(/^\/api\/v1\/briefs\?quote=[0-9a-f]{16}$/);
    }
    expect(first.entries[0]!.balanceAfterCents).toBe(
      first.entries[1]!.balanceAfterCents + first.entries[0]!.amountCents,
    );
    expect(first.nextCursor).not.toBeNull();

    const second = Ledger.parse(await (await ledger(buyer.key, `?limit=2&cursor=${first.nextCursor}`)).json());
    expect(second.entries.map((e) => [e.kind, e.requestId])).toEqual([
      ['debit', 'req-ledger-1'],
      ['grant', null],
    ]);
    expect(second.entries[1]).toMatchObject({ amountCents: 200, product: null, resource: null, protocol: null });
    expect(second.nextCursor).toBeNull();
    expect(Number(second.entries[0]!.id)).toBeLessThan(Number(first.entries[1]!.id));
  });

  it("shows only the credential's own account", async () => {
    const one = await customer(30);
    const other = await customer(40);
    const entries = Ledger.parse(await (await ledger(other.key)).json()).entries;
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([['grant', 40]]);
    expect(Ledger.parse(await (await ledger(one.key)).json()).entries.map((e) => e.amountCents)).toEqual([30]);
  });

  it('refuses a cursor it did not write and a limit out of range with a 400, and a missing credential with a 401', async () => {
    const buyer = await customer(10);
    for (const query of [
      '?cursor=not-a-cursor!',
      '?cursor=LTE',
      '?limit=0',
      '?limit=101',
      `?cursor=${'A'.repeat(101)}`,
    ]) {
      const response = await ledger(buyer.key, query);
      expect(response.status, query).toBe(400);
      expect(InvalidQueryResponse.parse(await response.json()).code).toBe('invalid_query');
    }
    expect((await ledger(undefined)).status).toBe(401);
  });
});

describe('the MCP tools get_balance and get_ledger', () => {
  it("read the connection credential's account through the SDK's client", async () => {
    const buyer = await customer(100);
    expect((await buyBrief(buyer.key, 'req-mcp-1')).status).toBe(200);
    const connect = (authorization: string | null) =>
      connectInMemoryMcp(authorization, context.payments.prices, 'account-test');
    const client = await connect(buyer.key);
    const balance = await client.callTool({ name: 'get_balance', arguments: {} });
    expect(balance.isError).toBeFalsy();
    const parsed = Account.parse(balance.structuredContent);
    expect(parsed.purchasedCents).toBeLessThan(100);
    expect((balance.content as Array<{ text: string }>)[0]!.text).toContain(`Spendable now: $${parsed.spendableUsd}`);

    const page = await client.callTool({ name: 'get_ledger', arguments: { limit: 1 } });
    const entries = Ledger.parse(page.structuredContent).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'debit', requestId: 'req-mcp-1', product: 'research_brief' });

    const anonymous = await (await connect(null)).callTool({ name: 'get_balance', arguments: {} });
    expect(anonymous.isError).toBe(true);
    expect(JSON.stringify(anonymous.content)).toContain('unauthorized');
  });
});
