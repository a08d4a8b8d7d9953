import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { PublicStockPicksResponse } from '@/lib/api/contracts/paid';
import { TickerDetail } from '@/lib/api/contracts/tickers';
import { getJson, getText } from '@/tests/helpers/http';
import { operatorToken } from '@/tests/helpers/paid';

type Detail = ReturnType<typeof TickerDetail.parse>;
const privileged = () => ({ headers: { authorization: `Bearer ${operatorToken()}` } });
const noChallenge = (response: { headers: Headers }) => {
  expect(response.headers.get('payment-required')).toBeNull();
  expect(response.headers.get('www-authenticate')).toBeNull();
};

let nvda: Detail;

beforeAll(async () => {
  const response = await getJson('/api/v1/tickers/NVDA');
  expect(response.status).toBe(200);
  noChallenge(response);
  nvda = TickerDetail.parse(response.body);
});

describe('GET /api/v1/tickers/{ticker}', () => {
  it('names the company and counts posts and calls in the last 7, 30 and 90 days', () => {
    expect(nvda.ticker).toBe('NVDA');
    expect(nvda.company).toMatchObject({ exchange: 'NASDAQ', type: 'EQUITY' });
    expect(nvda.company!.name).toMatch(/nvidia/i);
    expect(nvda.windows.map((w) => w.days)).toEqual([7, 30, 90]);
    for (let i = 1; i < nvda.windows.length; i++) {
      const [shorter, longer] = [nvda.windows[i - 1]!, nvda.windows[i]!];
      expect(shorter.posts).toBeLessThanOrEqual(longer.posts);
      expect(shorter.calls.total).toBeLessThanOrEqual(longer.calls.total);
      expect(shorter.startDate > longer.startDate).toBe(true);
    }
    for (const window of nvda.windows) {
      const { total, byDirection, byAction } = window.calls;
      expect(byDirection.LONG + byDirection.SHORT).toBe(total);
      expect(Object.values(byAction).reduce((a, b) => a + b, 0)).toBe(total);
    }
    expect(nvda.windows[2]!.posts).toBeGreaterThan(0);
    expect(nvda.windows[2]!.calls.total).toBeGreaterThan(0);
  });

  it('lists the publications that called it and its newest posts as search items', () => {
    expect(nvda.publications.length).toBeGreaterThan(0);
    for (const publication of nvda.publications) expect(publication.calls).toBeGreaterThan(0);
    expect(nvda.latestPosts.length).toBe(10);
    const times = nvda.latestPosts.map((p) => (p.publishedAt ? Date.parse(p.publishedAt) : -Infinity));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const post of nvda.latestPosts) expect(post.whyMatched.join(' ')).toMatch(/NVDA/);
  });

  it('counts exactly the calls the paid route sells for the same days', async () => {
    const window = nvda.windows[1]!;
    const response = await getJson('/api/v1/stock-picks?ticker=NVDA&days=30&limit=500', privileged());
    if (window.calls.total === 0) {
      expect(response.status).toBe(404);
      return;
    }
    const picks = PublicStockPicksResponse.parse(response.body);
    expect(picks.startDate).toBe(window.startDate);
    expect(picks.count).toBe(Math.min(500, window.calls.total));
  });

  it('normalizes the ticker as written ("nvda", "$NVDA") and honours limit', async () => {
    for (const written of ['nvda', '%24NVDA', 'Nvda']) {
      const response = await getJson(`/api/v1/tickers/${written}?limit=2`);
      expect(response.status, written).toBe(200);
      const detail = TickerDetail.parse(response.body);
      expect(detail.ticker).toBe('NVDA');
      expect(detail.latestPosts.map((p) => p.slug)).toEqual(nvda.latestPosts.slice(0, 2).map((p) => p.slug));
    }
  });

  it('refuses a malformed ticker or limit with 400, and a ticker nobody knows with 404, never a 402', async () => {
    for (const [path, where, key] of [
      ['/api/v1/tickers/not%20a%20ticker', 'invalid_path', 'ticker'],
      ['/api/v1/tickers/NVDA!', 'invalid_path', 'ticker'],
      [`/api/v1/tickers/${'A'.repeat(30)}`, 'invalid_path', 'ticker'],
      ['/api/v1/tickers/NVDA?limit=0', 'invalid_query', 'limit'],
      ['/api/v1/tickers/NVDA?limit=51', 'invalid_query', 'limit'],
      ['/api/v1/tickers/NVDA?limit=5&limit=6', 'invalid_query', 'limit'],
    ] as const) {
      const response = await getJson(path);
      expect(response.status, path).toBe(400);
      const body = InvalidQueryResponse.parse(response.body);
      expect(body.code, path).toBe(where);
      expect(body.issues, path).toHaveProperty(key);
      noChallenge(response);
    }
    const unknown = await getJson('/api/v1/tickers/QQQQZ');
    expect(unknown.status).toBe(404);
    expect(ErrorMessage.parse(unknown.body).code).toBe('not_found');
    noChallenge(unknown);
  });

  it('is in the OpenAPI document and llms.txt', async () => {
    const openapi = (await getJson('/openapi.json')).body as {
      paths: Record<string, { get?: { operationId: string; 'x-payment-info'?: unknown } }>;
    };
    expect(openapi.paths['/api/v1/tickers/{ticker}']?.get?.operationId).toBe('getTicker');
    expect(openapi.paths['/api/v1/tickers/{ticker}']?.get).not.toHaveProperty('x-payment-info');
    const llms = (await getText('/llms.txt')).body;
    expect(llms).toContain('`GET /api/v1/tickers/{ticker}` (free)');
    expect(llms).toContain('/api/v1/stock-picks?ticker=NVDA&days=30');
  });
});

// The page itself is checked in a browser at desktop and phone widths (tests/browser/ticker-page.test.ts); here, what
// the server renders for a visitor who is not signed in.
describe('the ticker page /tickers/{ticker}', () => {
  it('renders the company, the three windows, the calling publications and the posts, linked', async () => {
    const page = await getText('/tickers/NVDA');
    expect(page.status).toBe(200);
    const html = page.body.replaceAll('<!-- -->', '');
    expect(html).toMatch(/<h1[^>]*>.*NVDA.*Nvidia/i);
    for (const days of [7, 30, 90]) expect(html).toContain(`data-testid="ticker-window-${days}"`);
    expect(html).toContain(`href="/publications/${nvda.publications[0]!.publicationSlug}"`);
    const post = nvda.latestPosts[0]!;
    expect(html).toContain(`href="/publications/${post.publicationSlug}#post-${post.slug}"`);
    expect(html).toContain('/api/v1/stock-picks?ticker=NVDA&amp;days=30');
    expect(html).toContain('Sign in');
  });

  it('moves other spellings to the ticker, and answers 404 for a ticker nobody knows', async () => {
    const moved = await fetch(new URL('/tickers/nvda', inject('baseUrl')), { redirect: 'manual' });
    expect(moved.status).toBe(308);
    expect(new URL(moved.headers.get('location')!, inject('baseUrl')).pathname).toBe('/tickers/NVDA');
    expect((await getText('/tickers/QQQQZ')).status).toBe(404);
    expect((await getText('/tickers/not%20a%20ticker')).status).toBe(404);
  });
});
