import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GET as ledgerGet } from '@/app/api/v1/account/ledger/route';
import { GET as accountGet } from '@/app/api/v1/account/route';
import { POST as briefsPost } from '@/app/api/v1/briefs/route';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import type { ApiKeyScope } from '@/lib/accounts/api-keys/scopes';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { Account, Ledger, type LedgerEntry } from '@/lib/api/contracts/account';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { callRoute } from '@/lib/api/in-process';
import type { AppContext } from '@/lib/app/context';
import { debitPurchasedCredits } from '@/lib/credits/debit';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import { refundDebit } from '@/lib/credits/refund';
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

async function customer(cents: number, scopes: ApiKeyScope[] = []) {
  const user = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
  await grantPurchasedCredits(db, { userId: user.id, cents, ledgerKey: `grant:${user.id}`, kind: 'grant' });
  const { key, id } = await createApiKey(db, user.id, 'research agent', null, scopes);
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
      scopes: [],
    });
    expect([before.purchasedCents, before.purchasedUsd, before.spendableCents]).toEqual([100, '1.00', 100]);
    // The owner's allowance is not a plain key's to see (it never spends it).
    expect(before.allowance).toBeNull();

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
    expect(before.credential.scopes).toEqual(['account:read']);
    expect(before.allowance!.remainingCents).toBe(before.allowance!.limitCents);
    expect(new Date(before.allowance!.resetsAt).getUTCDay()).toBe(1);
    expect(before.spendableCents).toBe(50 + before.allowance!.remainingCents);

    expect((await buyBrief(bearer, 'req-session-1')).status).toBe(200);
    const after = Account.parse(await (await account(bearer)).json());
    expect(after.purchasedCents).toBe(50);
    expect(after.allowance!.remainingCents).toBeLessThan(before.allowance!.remainingCents);
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
    // account:read: the grant is listed too.
    const buyer = await customer(200, ['account:read']);
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
    const one = await customer(30, ['account:read']);
    const other = await customer(40, ['account:read']);
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

describe('what a credential reads: a key its own spending; a key with account:read, or a session token, the account', () => {
  /** One account, as an owner runs it: two agents' keys, a bookkeeping key with account:read, and a session. */
  async function sharedAccount() {
    const agent = await customer(300);
    const other = await createApiKey(db, agent.userId, 'second agent');
    const reader = await createApiKey(db, agent.userId, 'bookkeeper', null, ['account:read']);
    const session = await issueSessionToken(db, agent.userId, { name: 'owner' });
    expect((await buyBrief(agent.key, 'req-scope-agent')).status).toBe(200);
    expect((await buyBrief(`Bearer ${other.key}`, 'req-scope-other')).status).toBe(200);
    expect((await buyBrief(`Bearer ${session.token}`, 'req-scope-session')).status).toBe(200);
    // A refund row carries no key id of its own: it is the key's through the debit it gives back.
    for (const [apiKeyId, name] of [
      [agent.keyId, 'agent'],
      [other.id, 'other'],
    ] as const) {
      const ledgerKey = `request:scope-refunded-${name}-${agent.userId}`;
      await debitPurchasedCredits(db, {
        userId: agent.userId,
        cents: 10,
        ledgerKey,
        apiKeyId,
        description: 'research_brief /api/v1/briefs',
      });
      expect(await refundDebit(db, ledgerKey)).toBe(true);
    }
    return { agent, other, reader: `Bearer ${reader.key}`, readerId: reader.id, session: `Bearer ${session.token}` };
  }

  /** Every page of a credential's ledger, two entries a page, and the raw bodies it came in. */
  async function wholeLedger(authorization: string) {
    const entries: Array<z.infer<typeof LedgerEntry>> = [];
    const bodies: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await ledger(authorization, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      const body = await response.text();
      bodies.push(body);
      const page = Ledger.parse(JSON.parse(body));
      entries.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    return { entries, text: bodies.join('\n') };
  }

  it("a key without account:read reads the balance and its own debits and refunds, and no other key's id", async () => {
    const { agent, other, readerId, reader } = await sharedAccount();
    const own = await wholeLedger(agent.key);
    expect(own.entries.map((e) => [e.kind, e.spendSource, e.apiKeyId])).toEqual([
      ['refund', 'purchased', agent.keyId],
      ['debit', 'purchased', agent.keyId],
      ['debit', 'purchased', agent.keyId],
    ]);
    expect(own.entries[2]!.requestId).toBe('req-scope-agent');
    for (const id of [other.id, readerId]) expect(own.text).not.toContain(id);

    const accountText = await (await account(agent.key)).text();
    const seen = Account.parse(JSON.parse(accountText));
    expect(seen.credential).toMatchObject({ kind: 'api_key', id: agent.keyId, scopes: [] });
    expect(seen.allowance).toBeNull();
    for (const id of [other.id, readerId]) expect(accountText).not.toContain(id);
    // The balance it pays from is the account's, as the bookkeeper sees it: an agent must know whether it can pay.
    const whole = Account.parse(await (await account(reader)).json());
    expect([seen.purchasedCents, seen.spendableCents]).toEqual([whole.purchasedCents, whole.purchasedCents]);
  });

  it('a key with account:read and a session token read every entry: all keys, the grant and the allowance', async () => {
    const { agent, other, readerId, reader, session } = await sharedAccount();
    for (const authorization of [reader, session]) {
      const { entries } = await wholeLedger(authorization);
      expect(entries.filter((e) => e.kind === 'grant').map((e) => e.amountCents)).toEqual([300]);
      expect(entries.filter((e) => e.spendSource === 'sponsored').map((e) => [e.kind, e.requestId])).toEqual([
        ['debit', 'req-scope-session'],
      ]);
      expect(new Set(entries.map((e) => e.apiKeyId))).toEqual(new Set([agent.keyId, other.id, null]));
      expect(entries.filter((e) => e.kind === 'refund').map((e) => e.apiKeyId)).toEqual([other.id, agent.keyId]);

      const seen = Account.parse(await (await account(authorization)).json());
      expect(seen.credential.scopes).toEqual(['account:read']);
      expect(seen.allowance!.remainingCents).toBeLessThan(seen.allowance!.limitCents);
    }
    expect(Account.parse(await (await account(reader)).json()).credential.id).toBe(readerId);
  });

  it('the MCP get_ledger and get_balance tools read as little as the key may', async () => {
    const { agent, other } = await sharedAccount();
    const client = await connectInMemoryMcp(agent.key, context.payments.prices, 'account-scope-test');
    const page = await client.callTool({ name: 'get_ledger', arguments: { limit: 100 } });
    expect(Ledger.parse(page.structuredContent).entries.map((e) => e.apiKeyId)).toEqual([
      agent.keyId,
      agent.keyId,
      agent.keyId,
    ]);
    expect(JSON.stringify(page)).not.toContain(other.id);
    const balance = await client.callTool({ name: 'get_balance', arguments: {} });
    expect(balance.isError).toBeFalsy();
    expect(Account.parse(balance.structuredContent).allowance).toBeNull();
    expect((balance.content as Array<{ text: string }>)[0]!.text).not.toContain('Weekly allowance');
  });
});
