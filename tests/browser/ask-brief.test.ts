import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The search page's Ask box (issue 36) in Debian's chromium, at desktop and phone widths: the price of a research brief
// and the sources its 402 names, shown without paying; signed in, Buy pays with the session (the weekly allowance)
// and shows the answer with its numbered citations and quotes; a question no post answers says so.
const QUESTION = 'What are newsletters saying about Fed rate cuts?';
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
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await database?.drop();
});

const askUrl = (question: string) => `${base}/search?ask=${encodeURIComponent(question)}`;

describe('the Ask box', () => {
  it('quotes the price and the sources signed out, with a sign-in link, at phone width', async () => {
    const response = await phonePage.goto(askUrl(QUESTION));
    expect(response?.status()).toBe(200);
    const quote = phonePage.getByTestId('brief-quote');
    expect(await quote.textContent()).toMatch(/This brief costs \$\d+\.\d\d: it reads \d+ source articles?\./);
    expect(await quote.locator('ol[aria-label="Sources quoted"] li').count()).toBeGreaterThan(0);
    expect(await quote.locator('a:has-text("Sign in")').count()).toBe(1);
    expect(await phonePage.locator('button:has-text("Buy brief")').count()).toBe(0);
    expect(await overflowingElements(phonePage)).toEqual([]);
    expect(await seriousAccessibilityViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, 'search-ask-quote-phone');
  });

  it('buys the brief with the session and shows the answer with numbered citations and quotes', async () => {
    await signInLocally(page, base, 'brief-reader@example.com', '/search');
    await page.goto(`${base}/search`);
    await page.getByLabel('Question').fill(QUESTION);
    await page.locator('button:has-text("Show price")').first().click();
    const quote = page.getByTestId('brief-quote');
    await quote.waitFor();
    const price = (await page.getByTestId('brief-price').textContent())!;
    const sources = await quote.locator('ol[aria-label="Sources quoted"] li').count();
    await page.locator(`button:has-text("Buy brief · ${price}")`).click();
    const bought = page.getByTestId('bought-brief');
    await bought.waitFor({ timeout: 60_000 });
    expect(await bought.textContent()).toContain(`Paid ${price} from your weekly allowance · ${sources} source`);
    const claims = bought.getByTestId('brief-claims').locator('li');
    expect(await claims.count()).toBeGreaterThan(0);
    expect(await claims.first().locator('a[href^="#brief-source-"]').count()).toBeGreaterThan(0);
    expect(await bought.getByTestId('brief-sources').locator('> li').count()).toBe(sources);
    expect(await bought.locator('blockquote').count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'search-ask-bought');
  });

  it('fits a bought brief to a phone', async () => {
    await signInLocally(phonePage, base, 'brief-phone@example.com', '/search');
    await phonePage.goto(askUrl(QUESTION));
    await phonePage.locator('button:has-text("Buy brief")').click();
    await phonePage.getByTestId('bought-brief').waitFor({ timeout: 60_000 });
    expect(await overflowingElements(phonePage)).toEqual([]);
    await screenshot(phonePage, 'search-ask-bought-phone');
  });

  it('says so when no post answers the question, with nothing to buy', async () => {
    await page.goto(askUrl('Where is the best pizza in Naples?'));
    expect(await page.getByTestId('brief-none').textContent()).toContain('Nothing is charged');
    expect(await page.locator('button:has-text("Buy brief")').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
