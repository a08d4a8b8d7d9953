import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as accountGet } from '@/app/api/v1/account/route';
import { POST as briefsPost } from '@/app/api/v1/briefs/route';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { readKeySpend, type SpendCap } from '@/lib/accounts/api-keys/spend-cap';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { Account } from '@/lib/api/contracts/account';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { ErrorMessage, SpendCapReachedResponse } from '@/lib/api/contracts/common';
import { callRoute } from '@/lib/api/in-process';
import { readCreditBalance } from '@/lib/credits/balance';
import { debitPurchasedCredits } from '@/lib/credits/debit';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import { refundDebit } from '@/lib/credits/refund';
import type { Db } from '@/lib/db/types';
import { seedDemoCorpus } from '@/lib/demo/load';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// An API key with a spend cap, as an operator hands one to an agent: briefs of one source (10 cents each) bought in
// process until the cap, then 402 `spend_cap_reached` with nothing charged; a key limited to other products; and
// simultaneous requests that together would pass the cap (exact on PostgreSQL, where they really run at once).
const db: Db = suiteDatabase();
const QUESTION = 'What are newsletters saying about Fed rate cuts?';

beforeAll(async () => {
  await seedDemoCorpus(db, { seed: 12, posts: 300, now: new Date() });
  await indexForSearch(db, null, () => {});
  await openTestAppContext(db);
});

afterAll(async () => {
  await closeTestAppContext();
});

const buyBrief = (key: string) =>
  callRoute(briefsPost, 'http://localhost/api/v1/briefs', {
    clientIp: '127.0.0.1',
    headers: new Headers({ authorization: `Bearer ${key}`, 'content-type': 'application/json' }),
    body: JSON.stringify({ question: QUESTION, maxSources: 1 }),
  });

async function cappedKey(credits: number, cap: SpendCap) {
  const user = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
  await grantPurchasedCredits(db, { userId: user.id, cents: credits, ledgerKey: `grant:${user.id}`, kind: 'grant' });
  const created = await createApiKey(db, user.id, 'capped agent', cap);
  const count = async (from: string) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from ${from} user_id = $1`, [user.id]))[0]!.n);
  return {
    ...created,
    userId: user.id,
    purchased: async () => (await readCreditBalance(db, user.id, 0)).purchasedCents,
    payments: () => count('payments where'),
    debits: () => count("credit_ledger where kind = 'debit' and"),
  };
}

describe('an API key with a spend cap', () => {
  it('buys until its daily cap, then answers 402 spend_cap_reached with the cap and its reset, charging nothing', async () => {
    const key = await cappedKey(500, { dailyCents: 25, monthlyCents: null, products: null });
    for (let i = 0; i < 2; i++) {
      const response = await buyBrief(key.key);
      expect(response.status).toBe(200);
      expect(ResearchBrief.parse(await response.json()).sources).toHaveLength(1);
    }
    const refused = await buyBrief(key.key);
    expect(refused.status).toBe(402);
    expect(refused.headers.get('payment-required')).toBeNull();
    const body = SpendCapReachedResponse.parse(await refused.json());
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(body.cap).toEqual({
      period: 'day',
      limitCents: 25,
      spentCents: 20,
      priceCents: 10,
      resetsAt: midnight.toISOString(),
    });
    expect(body.error).toContain('Nothing was charged');
    expect([await key.purchased(), await key.payments(), await key.debits()]).toEqual([480, 2, 2]);

    const account = Account.parse(
      await (
        await callRoute(accountGet, 'http://localhost/api/v1/account', {
          clientIp: '127.0.0.1',
          headers: new Headers({ authorization: `Bearer ${key.key}` }),
        })
      ).json(),
    );
    expect(account.cap).toMatchObject({
      dailyCents: 25,
      monthlyCents: null,
      spentTodayCents: 20,
      spentThisMonthCents: 20,
    });
    expect(account.spendableCents).toBe(5);
  });

  it('holds a monthly cap the same way', async () => {
    const key = await cappedKey(500, { dailyCents: null, monthlyCents: 10, products: null });
    expect((await buyBrief(key.key)).status).toBe(200);
    const refused = await buyBrief(key.key);
    expect(refused.status).toBe(402);
    expect(SpendCapReachedResponse.parse(await refused.json()).cap).toMatchObject({ period: 'month', spentCents: 10 });
    expect(await key.purchased()).toBe(490);
  });

  it('refuses a product it may not buy with 403 product_not_allowed, before anything is charged', async () => {
    const key = await cappedKey(500, {
      dailyCents: null,
      monthlyCents: null,
      products: ['post_summary', 'stock_picks'],
    });
    const refused = await buyBrief(key.key);
    expect(refused.status).toBe(403);
    const body = ErrorMessage.parse(await refused.json());
    expect(body.code).toBe('product_not_allowed');
    expect(body.error).toContain('post_summary, stock_picks');
    expect([await key.purchased(), await key.payments()]).toEqual([500, 0]);
  });

  it('does not count a refunded debit against the cap', async () => {
    const key = await cappedKey(500, { dailyCents: 10, monthlyCents: null, products: null });
    await debitPurchasedCredits(db, {
      userId: key.userId,
      cents: 10,
      ledgerKey: 'request:refunded-cap',
      apiKeyId: key.id,
      description: 'research_brief /api/v1/briefs',
    });
    expect(await readKeySpend(db, key.id)).toEqual({ dayCents: 10, monthCents: 10 });
    expect(await refundDebit(db, 'request:refunded-cap')).toBe(true);
    expect(await readKeySpend(db, key.id)).toEqual({ dayCents: 0, monthCents: 0 });
    expect((await buyBrief(key.key)).status).toBe(200);
  });

  it('lets exactly the cap through when 12 requests that together pass it arrive at once', async () => {
    const key = await cappedKey(1_000, { dailyCents: 50, monthlyCents: null, products: null });
    const statuses = await Promise.all(Array.from({ length: 12 }, async () => (await buyBrief(key.key)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    expect(await readKeySpend(db, key.id)).toEqual({ dayCents: 50, monthCents: 50 });
    expect([await key.purchased(), await key.payments()]).toEqual([950, 5]);
  });
});
