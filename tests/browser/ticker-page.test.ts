import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TickerDetail } from '@/lib/api/contracts/tickers';
import { COMPANIES } from '@/lib/demo/companies';
import { readServiceFile } from '@/lib/operator/service-file';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import {
  dashboardServiceEnv,
  launchBrowser,
  newContext,
  overflowingElements,
  screenshot,
  seriousAccessibilityViolations,
  signInLocally,
  VIEWPORTS,
} from '@/tests/helpers/browser';
import { type RunningService, startService } from '@/tests/helpers/service';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// The ticker page (issue 36) in Debian's chromium: what newsletters say about NVDA at desktop and phone widths,
// signed out and signed in; buying its calls of the last 30 days from the page; and the links to it from every
// bought pick and from the tickers a bought summary lists.
let service: RunningService;
let database: TestDatabase;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
let phonePage: Page;
const pageErrors: string[] = [];
let base: string;

beforeAll(async () => {
  await buildIfNeeded();
  database = await createTestDatabase();
  service = await startService({
    ...dashboardServiceEnv(database.url),
    JOBS_LOCAL: 'false',
  });
  base = service.url;
  browser = await launchBrowser();
  desktop = await newContext(browser, pageErrors);
  phone = await newContext(browser, pageErrors, VIEWPORTS.phone);
  page = await desktop.newPage();
  phonePage = await phone.newPage();
  await signInLocally(page, base, 'ticker-reader@example.com');
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await database?.drop();
});

/** NVDA when it has a call in the last 30 UTC days, else the first demo ticker that has one (the free ticker JSON). */
async function tickerCalledInLast30Days(): Promise<string> {
  const tickers = ['NVDA', ...COMPANIES.map((company) => company.ticker).filter((ticker) => ticker !== 'NVDA')];
  for (const ticker of tickers) {
    const detail = (await (await fetch(`${base}/api/v1/tickers/${ticker}`)).json()) as TickerDetail;
    if (detail.windows.find((window) => window.days === 30)!.calls.total > 0) return ticker;
  }
  throw new Error('no demo ticker has a call in the last 30 days');
}

describe('the ticker page', () => {
  it('shows the company, its windows, publications and posts at desktop and phone widths', async () => {
    for (const [target, name] of [
      [page, 'signed in'],
      [phonePage, 'signed out'],
    ] as const) {
      const response = await target.goto(`${base}/tickers/NVDA`);
      expect(response?.status(), name).toBe(200);
      expect(await target.locator('h1').textContent(), name).toMatch(/^NVDA · Nvidia/i);
      expect(await target.getByTestId('ticker-company').textContent()).toContain('NASDAQ');
      for (const days of [7, 30, 90]) {
        expect(await target.getByTestId(`ticker-window-${days}`).textContent()).toMatch(/\d+ posts?\s*\d+ calls?/);
      }
      expect(await target.getByTestId('ticker-post').count()).toBeGreaterThan(0);
      expect(await target.locator('a[href^="/publications/"]').count()).toBeGreaterThan(0);
      expect(await overflowingElements(target), `${name} at ${target.viewportSize()!.width}px`).toEqual([]);
      expect(await seriousAccessibilityViolations(target), name).toEqual([]);
      await screenshot(target, 'page-tickers-NVDA');
    }
    expect(await phonePage.locator('a:has-text("Sign in")').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it("shows a publication's track record with its charts at desktop and phone widths", async () => {
    const { pastCalls } = (await (await fetch(`${base}/api/v1/tickers/NVDA?callLimit=50`)).json()) as TickerDetail;
    const slug = pastCalls.calls.find((call) => call.status === 'scored')!.publicationSlug;
    for (const target of [page, phonePage]) {
      const width = target.viewportSize()!.width;
      expect((await target.goto(`${base}/publications/${slug}`))?.status()).toBe(200);
      const record = target.getByTestId('track-record');
      expect(await record.textContent()).toMatch(/\d+ stock and ETF calls: \d+ scored/);
      expect(await record.getByTestId('record-horizon').count()).toBe(5);
      for (const chart of ['record-cumulative-chart', 'record-distribution-chart']) {
        const box = await record.getByTestId(chart).boundingBox();
        expect(box, `${chart} at ${width}px`).not.toBeNull();
        expect(box!.width).toBeGreaterThan(200);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      expect(await record.locator('[data-testid="record-cumulative-chart"] path').getAttribute('d')).toMatch(
        /^M[\d.]+,[\d.]+ L/,
      );
      expect(await overflowingElements(target), `${slug} at ${width}px`).toEqual([]);
      expect(await seriousAccessibilityViolations(target), `${slug} at ${width}px`).toEqual([]);
      await screenshot(target, `page-publication-record-${width}`);
    }
    expect(pageErrors).toEqual([]);
  });

  it('moves a ticker written otherwise to its one address, and answers 404 for one nobody knows', async () => {
    for (const written of ['nvda', '%24NVDA']) {
      await page.goto(`${base}/tickers/${written}`);
      expect(new URL(page.url()).pathname).toBe('/tickers/NVDA');
    }
    for (const unknown of ['QQQQZ', 'not%20a%20ticker']) {
      const response = await page.goto(`${base}/tickers/${unknown}`);
      expect(response?.status(), unknown).toBe(404);
    }
  });

  it("sells the ticker's calls of the last 30 days, each bought pick linking to its ticker page", async () => {
    // The demo's calls are dated back from the moment it was seeded, and the windows are UTC days: which tickers have a
    // call in the last 30 days depends on the hour the suite runs. The first demo ticker that has one is bought.
    const ticker = await tickerCalledInLast30Days();
    await page.goto(`${base}/tickers/${ticker}`);
    const buy = page.locator(`button:has-text("Buy ${ticker} calls of the last 30 days")`);
    expect(await buy.textContent()).toMatch(/· \$\d+\.\d\d$/);
    await buy.click();
    const bought = page.getByTestId('bought-picks');
    await bought.waitFor({ timeout: 30_000 });
    expect(await bought.textContent()).toMatch(/Paid \$\d+\.\d\d: \d+ picks? from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
    // Each pick carries its publication's record, and the picks sort by it, best first.
    const records = bought.getByTestId('pick-record');
    expect(await records.count()).toBeGreaterThan(0);
    await bought.getByTestId('picks-order').selectOption('meanExcess');
    const means = (await records.allTextContents()).map((text) => {
      const mean = /mean (-?\d+\.\d)%/.exec(text);
      return mean ? Number(mean[1]) : Number.NEGATIVE_INFINITY;
    });
    expect(means).toEqual([...means].sort((a, b) => b - a));
    const links = bought.locator(`a[href="/tickers/${ticker}"]`);
    expect(await links.count()).toBeGreaterThan(0);
    await links.first().click();
    await page.waitForURL((url) => url.pathname === `/tickers/${ticker}`);
  });

  it('links the tickers a bought summary lists to their pages', async () => {
    // A ready post whose summary names its tickers, found as an agent would (the operator's privileged reads).
    const { token } = readServiceFile(service.dataDir)!;
    const { latestPosts } = (await (await fetch(`${base}/api/v1/tickers/NVDA?limit=50`)).json()) as {
      latestPosts: Array<{ publicationSlug: string; slug: string; title: string }>;
    };
    let found: (typeof latestPosts)[number] | undefined;
    for (const post of latestPosts) {
      const response = await fetch(`${base}/api/v1/publications/${post.publicationSlug}/${post.slug}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) continue;
      const { synthesizedSummary } = (await response.json()) as { synthesizedSummary: string };
      if (/Tickers (?:mentioned|discussed): /.test(synthesizedSummary)) {
        found = post;
        break;
      }
    }
    expect(found).toBeDefined();
    await page.goto(`${base}/publications/${found!.publicationSlug}#post-${found!.slug}`);
    await page.locator(`#post-${found!.slug} button:has-text("Buy summary")`).click();
    const summary = page.locator(`#post-${found!.slug}`).getByTestId('bought-summary');
    await summary.waitFor({ timeout: 30_000 });
    const link = summary.locator('a[href^="/tickers/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    expect(await page.locator('h1').textContent()).toContain(href!.split('/').pop());
  });
});
