import { decodePaymentRequiredHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { PublicStockPicksResponse } from '@/lib/api/contracts/paid';
import { getJson } from '@/tests/helpers/http';
import { createAccount, operator, operatorToken, purchasedCents, sandbox, url } from '@/tests/helpers/paid';

type Picks = ReturnType<typeof PublicStockPicksResponse.parse>;
const privileged = () => ({ headers: { authorization: `Bearer ${operatorToken()}` } });
const distinctArticles = (picks: Picks) => new Set(picks.items.map((i) => `${i.publicationSlug}/${i.postSlug}`)).size;
const challengeAmount = async (path: string) => {
  const response = await fetch(url(path));
  await response.body?.cancel();
  expect(response.status).toBe(402);
  return Number(decodePaymentRequiredHeader(response.headers.get('payment-required')!).accepts[0]!.amount);
};

let latest: Picks;

beforeAll(async () => {
  const response = await getJson('/api/v1/stock-picks', privileged());
  expect(response.status).toBe(200);
  latest = PublicStockPicksResponse.parse(response.body);
});

describe('GET /api/v1/stock-picks parameters', () => {
  it('refuses date with period, impossible days, other periods, limits out of 1-500 and repeats', async () => {
    const cases: Array<[string, string]> = [
      [`date=${latest.dateUsed}&period=latest`, 'date'],
      ['date=2026-02-30', 'date'],
      ['date=20261122', 'date'],
      ['period=today', 'period'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=5&limit=6', 'limit'],
    ];
    for (const [query, key] of cases) {
      const response = await getJson(`/api/v1/stock-picks?${query}`);
      expect(response.status, query).toBe(400);
      expect(InvalidQueryResponse.parse(response.body).issues, query).toHaveProperty(key);
      expect(response.headers.get('payment-required')).toBeNull();
    }
    const both = await getJson(`/api/v1/stock-picks?date=${latest.dateUsed}&period=latest`);
    expect(InvalidQueryResponse.parse(both.body)).toMatchObject({
      code: 'invalid_query',
      issues: { date: ['must not be sent together with period'], period: ['must not be sent together with date'] },
    });
  });

  it('answers 404 without a challenge for a day without picks', async () => {
    const response = await getJson('/api/v1/stock-picks?date=2001-01-01');
    expect(response.status).toBe(404);
    ErrorMessage.parse(response.body);
    expect(response.headers.get('payment-required')).toBeNull();
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});

describe('one UTC day of picks', () => {
  it('uses the latest day with picks by default and for period=latest, one day, exact fields', async () => {
    expect(latest.startDate).toBe(latest.dateUsed);
    expect(latest.endDate).toBe(latest.dateUsed);
    expect(latest.count).toBe(latest.items.length);
    expect(latest.count).toBeGreaterThan(0);
    expect(latest.count).toBeLessThanOrEqual(200);
    for (const item of latest.items) {
      if (item.publishedAt) expect(item.publishedAt.slice(0, 10)).toBe(latest.dateUsed);
    }
    const viaPeriod = PublicStockPicksResponse.parse(
      (await getJson('/api/v1/stock-picks?period=latest', privileged())).body,
    );
    expect(viaPeriod.dateUsed).toBe(latest.dateUsed);
    expect(viaPeriod.items.map((i) => i.id)).toEqual(latest.items.map((i) => i.id));
  });

  it('returns an explicit earlier day and respects limit', async () => {
    // The nearest earlier day with picks (the demo corpus may have a quiet day, which answers 404).
    for (let back = 1; back <= 10; back++) {
      const day = new Date(Date.parse(`${latest.dateUsed}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
      const response = await getJson(`/api/v1/stock-picks?date=${day}&limit=3`, privileged());
      if (response.status === 404) continue;
      const picks = PublicStockPicksResponse.parse(response.body);
      expect(picks).toMatchObject({ dateUsed: day, startDate: day, endDate: day });
      expect(picks.count).toBeGreaterThan(0);
      expect(picks.count).toBeLessThanOrEqual(3);
      return;
    }
    throw new Error('no day with picks in the 10 days before the latest one');
  });
});

describe('a ticker, and the last N days', () => {
  it('refuses days with date or period, days out of 1-90 and malformed tickers, before any challenge', async () => {
    const cases: Array<[string, string[]]> = [
      [`date=${latest.dateUsed}&days=7`, ['date', 'days']],
      ['period=latest&days=7', ['period', 'days']],
      ['days=0', ['days']],
      ['days=91', ['days']],
      ['days=week', ['days']],
      ['ticker=not%20a%20ticker', ['ticker']],
      ['ticker=NVDA&ticker=AMD', ['ticker']],
    ];
    for (const [query, keys] of cases) {
      const response = await getJson(`/api/v1/stock-picks?${query}`);
      expect(response.status, query).toBe(400);
      const body = InvalidQueryResponse.parse(response.body);
      expect(body.code).toBe('invalid_query');
      expect(Object.keys(body.issues).sort(), query).toEqual([...keys].sort());
      expect(response.headers.get('payment-required')).toBeNull();
    }
    const both = await getJson(`/api/v1/stock-picks?date=${latest.dateUsed}&days=7`);
    expect(InvalidQueryResponse.parse(both.body).issues).toEqual({
      date: ['must not be sent together with days'],
      days: ['must not be sent together with date'],
    });
  });

  it("sells one ticker's calls of the last N days, every row in range, priced per article", async () => {
    const response = await getJson('/api/v1/stock-picks?ticker=nvda&days=90&limit=500', privileged());
    expect(response.status).toBe(200);
    const picks = PublicStockPicksResponse.parse(response.body);
    const today = new Date().toISOString().slice(0, 10);
    expect(picks.endDate).toBe(today);
    expect(picks.dateUsed).toBe(today);
    expect(Date.parse(picks.endDate) - Date.parse(picks.startDate)).toBe(89 * 86_400_000);
    expect(picks.count).toBeGreaterThan(1);
    for (const item of picks.items) {
      expect(item.ticker).toBe('NVDA');
      if (item.publishedAt) {
        expect(item.publishedAt.slice(0, 10) >= picks.startDate).toBe(true);
        expect(item.publishedAt.slice(0, 10) <= picks.endDate).toBe(true);
      }
    }
    const five = PublicStockPicksResponse.parse(
      (await getJson('/api/v1/stock-picks?ticker=NVDA&days=90&limit=5', privileged())).body,
    );
    expect(await challengeAmount('/api/v1/stock-picks?ticker=NVDA&days=90&limit=5')).toBe(
      distinctArticles(five) * 100_000,
    );
  });

  it("uses the ticker's latest day with calls without date or days, and an explicit day with date", async () => {
    const picks = PublicStockPicksResponse.parse((await getJson('/api/v1/stock-picks?ticker=NVDA', privileged())).body);
    expect(picks.startDate).toBe(picks.dateUsed);
    expect(picks.endDate).toBe(picks.dateUsed);
    expect(picks.items.every((item) => item.ticker === 'NVDA')).toBe(true);
    const sameDay = PublicStockPicksResponse.parse(
      (await getJson(`/api/v1/stock-picks?ticker=NVDA&date=${picks.dateUsed}`, privileged())).body,
    );
    expect(sameDay.items.map((i) => i.id)).toEqual(picks.items.map((i) => i.id));
  });

  it('answers 404 without a challenge for a ticker or range without calls', async () => {
    for (const query of ['ticker=QQQQZ', 'ticker=QQQQZ&days=90', 'ticker=NVDA&date=2001-01-01']) {
      const response = await getJson(`/api/v1/stock-picks?${query}`);
      expect(response.status, query).toBe(404);
      expect(ErrorMessage.parse(response.body).code).toBe('not_found');
      expect(response.headers.get('payment-required')).toBeNull();
      expect(response.headers.get('www-authenticate')).toBeNull();
    }
  });

  it('records one sale per distinct article of the range (credits)', async () => {
    const { key } = await createAccount('ticker-picks@example.com', 1000);
    const response = await getJson('/api/v1/stock-picks?ticker=NVDA&days=30&limit=6', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const articles = distinctArticles(PublicStockPicksResponse.parse(response.body));
    expect(response.headers.get('x-payment-amount-usd')).toBe((articles * 0.1).toFixed(2));
    expect(await purchasedCents('ticker-picks@example.com')).toBe(1000 - articles * 10);
  });
});

describe('pricing by distinct source articles', () => {
  it('charges the per-article price for each distinct article among the rows returned', async () => {
    expect(await challengeAmount('/api/v1/stock-picks?limit=1')).toBe(100_000);
    const five = PublicStockPicksResponse.parse((await getJson('/api/v1/stock-picks?limit=5', privileged())).body);
    expect(await challengeAmount('/api/v1/stock-picks?limit=5')).toBe(Math.max(1, distinctArticles(five)) * 100_000);
    const all = Math.min(100, distinctArticles(latest));
    expect(await challengeAmount('/api/v1/stock-picks')).toBe(Math.max(1, all) * 100_000);
  });

  it('records one sale per distinct article, with shares adding up to the price (credits)', async () => {
    const { key } = await createAccount('picks@example.com', 1000);
    const response = await getJson('/api/v1/stock-picks?limit=8', { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const picks = PublicStockPicksResponse.parse(response.body);
    const articles = distinctArticles(picks);
    expect(response.headers.get('x-payment-amount-usd')).toBe((articles * 0.1).toFixed(2));
    expect(await purchasedCents('picks@example.com')).toBe(1000 - articles * 10);

    const { payments } = await operator<{
      payments: Array<{
        protocol: string;
        email: string | null;
        amountCents: number;
        sales: Array<{ product: string; shareCents: number }>;
      }>;
    }>('payments', { limit: 200 });
    const payment = payments.find((p) => p.email === 'picks@example.com')!;
    expect(payment).toMatchObject({ protocol: 'credits', amountCents: articles * 10 });
    expect(payment.sales).toHaveLength(articles);
    expect(payment.sales.every((s) => s.product === 'stock_picks' && s.shareCents === 10)).toBe(true);
  });

  it('is paid with x402 like a post, at the recomputed price', async () => {
    const account = privateKeyToAccount(sandbox().x402.payerPrivateKeys[4]!);
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(account));
    const response = await wrapFetchWithPayment(fetch, client)(url('/api/v1/stock-picks?limit=2'));
    expect(response.status).toBe(200);
    expect(response.headers.get('payment-response')).not.toBeNull();
    PublicStockPicksResponse.parse(await response.json());
  });
});
