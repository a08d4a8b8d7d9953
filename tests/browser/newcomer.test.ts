import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import {
  dashboardServiceEnv,
  launchBrowser,
  newContext,
  screenshot,
  signInLocally,
  VIEWPORTS,
} from '@/tests/helpers/browser';
import { type FeedHost, startFeedHost } from '@/tests/helpers/feed-host';
import { type RunningService, startService } from '@/tests/helpers/service';
import { readyPostPath, serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// A new user's walk (issue 25), in Debian's chromium at desktop and phone widths: buying credits through the local
// checkout, spending them from the pages and the API, a summary bought while it is still being written, the pages
// read by someone who just arrived, and every page at 390 px with rows in every table. The in-process job engine
// runs, so a summary asked for is written within a second, as on the embedded default.
let service: RunningService;
let database: TestDatabase;
let feedHost: FeedHost;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
let phonePage: Page;
const pageErrors: string[] = [];
let base: string;
let apiKey = '';
let agentToken = '';
/** The publication added from a feed whose logo was never fetched; its one post's summary is not written yet. */
let feedSlug = '';
/** A ready demo post bought with the API key, and its publication. */
let apiPost: { path: string; publicationSlug: string; title: string };
let picksDay = '';
/** An open (unpaid) local checkout of the phone user, for its page at 390 px. */
let openCheckoutPath = '';

const POST_TITLE = 'Accelerators, packaging and a farewell to Nike';
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Quillfeather Capital Notes</title><link>https://www.quillfeather-notes.com</link>
<description>Semiconductor and consumer notes.</description><language>en-us</language>
<image><url>https://logo.invalid/quillfeather.png</url><title>Quillfeather Capital Notes</title>
<link>https://www.quillfeather-notes.com</link></image>
<item><title>${POST_TITLE}</title>
<link>https://www.quillfeather-notes.com/p/accelerators-packaging</link>
<guid isPermaLink="false">quillfeather-walk</guid><pubDate>${new Date().toUTCString()}</pubDate>
<description>Where we are positioned.</description>
<content:encoded><![CDATA[<p>Hyperscaler capital spending guidance rose again this quarter, and advanced packaging remains the
bottleneck for the accelerator makers.</p><p>This week we bought $AMD for the model portfolio, at about $160 a share.</p>
<p>We sold the rest of our Nike ($NKE) shares at $70 and are moving on.</p>]]></content:encoded></item>
</channel></rss>`;

beforeAll(async () => {
  await buildIfNeeded();
  database = await createTestDatabase();
  feedHost = await startFeedHost();
  feedHost.set('/feed', { body: FEED, contentType: 'application/rss+xml; charset=utf-8' });
  service = await startService({
    ...dashboardServiceEnv(database.url),
    // Summaries are written when first asked for (by the in-process engine), not on ingest.
    AI_GENERATE_ON_INGEST: 'false',
    INGEST_ALLOW_HOSTS: '127.0.0.1',
    // Its one item is a short teaser linking to a page off this machine: no article page is fetched (it stays a teaser).
    INGEST_ARTICLE_PAGES_PER_SYNC: '0',
    FEED_SYNC_CRON: '0 0 1 1 *',
  });
  base = service.url;
  const added = (await serviceCommand(service, `publications add ${feedHost.origin}/feed`)) as { slug: string };
  feedSlug = added.slug;
  browser = await launchBrowser();
  desktop = await newContext(browser, pageErrors, VIEWPORTS.desktop);
  phone = await newContext(browser, pageErrors, VIEWPORTS.phone);
  page = await desktop.newPage();
  phonePage = await phone.newPage();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await feedHost?.close();
  await database?.drop();
});

const api = (path: string, bearer?: string) =>
  fetch(`${base}${path}`, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});
const text = async (target: Page, selector: string) =>
  (await target.locator(selector).first().textContent())?.trim() ?? '';
/** The first dollar amount in a text, in cents. */
const dollars = (value: string) => Math.round(Number(/\$(\d+\.\d\d)/.exec(value)?.[1]) * 100);

describe('a new user', () => {
  it('signs in on a desktop and on a phone, and sees which sign-in is this browser', async () => {
    await signInLocally(page, base, 'walker@example.com');
    await signInLocally(phonePage, base, 'walker@example.com');
    for (const [target, other] of [
      [page, phonePage],
      [phonePage, page],
    ] as const) {
      await target.goto(`${base}/account/tokens`);
      const rows = target.locator('[data-testid=token-row]', { hasText: 'Dashboard sign-in' });
      expect(await rows.count()).toBe(2);
      const mine = target.locator('[data-testid=token-row]', { has: target.locator('[data-testid=this-browser]') });
      expect(await mine.count()).toBe(1);
      // Each browser marks a different one of the two.
      await other.goto(`${base}/account/tokens`);
      const otherId = await other
        .locator('[data-testid=token-row]', { has: other.locator('[data-testid=this-browser]') })
        .getAttribute('data-token-id');
      expect(await mine.getAttribute('data-token-id')).not.toBe(otherId);
    }
  });

  it('buys credits through the local checkout and is told they were added, once', async () => {
    await page.goto(`${base}/account/credits`);
    await page.click('button:has-text("Buy $5.00")');
    await page.waitForURL(/\/account\/credits\/checkout\/cs_local_/);
    await page.click('button:has-text("(test)")');
    await page.waitForURL(/checkout=success/);
    const banner = await text(page, '[role=status]');
    expect(banner).toContain('$5.00 of credits added');
    expect(banner).not.toContain('as soon as the payment is confirmed');
    expect(await text(page, '[data-testid=purchased-balance]')).toBe('$5.00');

    // Someone who paid nothing and opens the success address is not told a payment arrived.
    const strangerContext = await newContext(browser, pageErrors);
    const stranger = await strangerContext.newPage();
    await signInLocally(stranger, base, 'stranger@example.com', '/account/credits?checkout=success');
    expect(await stranger.locator('text=Payment received').count()).toBe(0);
    expect(await stranger.locator('text=credits added').count()).toBe(0);
    await strangerContext.close();
  });

  it('gets a checkout page of its own for an unknown checkout id', async () => {
    const response = await page.goto(`${base}/account/credits/checkout/cs_local_${'0'.repeat(32)}`);
    expect(response?.status()).toBe(404);
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toMatch(/checkout/i);
    expect(body).not.toMatch(/publication/i);
    expect(await page.locator('main a[href="/account/credits"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'walk-checkout-not-found');
  });

  it('buys a summary that is still being written: the page waits for it instead of saying "try again"', async () => {
    await page.goto(`${base}/search?q=${encodeURIComponent('advanced packaging bottleneck')}&mode=fts`);
    const result = page.locator('[data-testid=search-result]', { hasText: POST_TITLE });
    await result.waitFor();
    const started = Date.now();
    await result.locator('button', { hasText: 'Buy summary' }).click();
    await result.locator('[data-testid=bought-summary]').waitFor({ timeout: 20_000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await result.locator('[data-testid=bought-summary]').textContent()).toContain('Paid $0.10');
    expect(await result.locator('p[role=alert]').count()).toBe(0);
    await screenshot(page, 'walk-summary-written');
  });

  it('creates a key and an agent token, and spends credits with the key', async () => {
    await page.goto(`${base}/account/keys`);
    await page.fill('input[name=name]', 'research agent');
    await page.click('button:has-text("Create")');
    apiKey = await text(page, '[data-testid=new-secret]');
    await page.goto(`${base}/account/tokens`);
    await page.fill('input[name=name]', 'Claude desktop');
    await page.click('button:has-text("Create")');
    agentToken = await text(page, '[data-testid=new-secret]');
    expect(agentToken).toMatch(/^st_/);

    const path = await readyPostPath(base);
    const response = await api(path, apiKey);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { title: string; publicationSlug: string };
    apiPost = { path, publicationSlug: body.publicationSlug, title: body.title };
  });

  it("buys a day's stock picks from the search page", async () => {
    await page.goto(`${base}/search`);
    const button = page.locator('button', { hasText: /^Buy stock picks of / });
    picksDay = /of (\d{4}-\d{2}-\d{2})/.exec((await button.textContent()) ?? '')![1]!;
    await button.click();
    await page.locator('[data-testid=bought-picks]').waitFor({ timeout: 30_000 });
  });

  it('buys a summary from a publication page, whose posts show their price', async () => {
    await page.goto(`${base}/publications/${apiPost.publicationSlug}`);
    expect(await page.locator('text=Default price').count()).toBe(0);
    const posts = page.locator('li[id^=post-]');
    expect(await posts.count()).toBeGreaterThan(0);
    // Every post names its price and, signed in, has a Buy button.
    const labels = await posts.locator('button').allTextContents();
    expect(labels.length).toBe(await posts.count());
    for (const label of labels) expect(label).toMatch(/^Buy summary · \$\d+\.\d\d$/);
    const ready = posts.filter({ hasText: 'Summary ready' }).first();
    await ready.locator('button').click();
    await ready.locator('[data-testid=bought-summary]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'walk-publication-bought');

    // Signed out, the price is shown with a way to sign in and buy.
    const visitorContext = await newContext(browser, pageErrors);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${base}/publications/${apiPost.publicationSlug}`);
    expect(await visitor.locator('text=Default price').count()).toBe(0);
    const first = visitor.locator('li[id^=post-]').first();
    expect(await first.textContent()).toMatch(/\$\d+\.\d\d/);
    expect(await first.locator('a[href^="/signin"]').count()).toBe(1);
    await visitorContext.close();
  });

  it('reads its ledger: purchased credits and the weekly allowance apart, each line named by what it bought', async () => {
    await page.goto(`${base}/account/credits`);
    const purchased = page.locator('section[aria-label="Purchased credits ledger"]');
    const allowance = page.locator('section[aria-label="Weekly allowance ledger"]');
    expect(await purchased.locator('[data-testid=ledger-row]').count()).toBeGreaterThanOrEqual(2);
    expect(await allowance.locator('[data-testid=ledger-row]').count()).toBeGreaterThanOrEqual(1);
    // The newest line of each shows that balance as the page's summary does.
    const purchasedNow = dollars(await text(page, '[data-testid=purchased-balance]'));
    const allowanceNow = dollars(await text(page, '[data-testid=allowance-remaining]'));
    expect(
      dollars(await text(page, 'section[aria-label="Purchased credits ledger"] [data-testid=ledger-balance]')),
    ).toBe(purchasedNow);
    expect(
      dollars(await text(page, 'section[aria-label="Weekly allowance ledger"] [data-testid=ledger-balance]')),
    ).toBe(allowanceNow);
    const what = (await page.locator('[data-testid=ledger-row]').allTextContents()).join('\n');
    expect(what).not.toContain('/api/v1');
    expect(what).not.toContain('cs_local_');
    expect(what).toContain(apiPost.title);
    expect(what).toContain(POST_TITLE);
    expect(what).toContain(`Stock picks of ${picksDay}`);
    expect(what).toContain('Credit pack');
    await screenshot(page, 'walk-credits');
  });

  it('stays on a page that exists when the usage page number is past the end', async () => {
    await page.goto(`${base}/account/usage?page=99999`);
    const summary = await text(page, '[aria-live=polite]');
    expect(summary).not.toContain('99999');
    expect(summary).toMatch(/page 1 of 1/);
    expect(await page.locator('[data-testid=usage-row]').count()).toBeGreaterThanOrEqual(4);
  });
});

describe('pages a newcomer opens', () => {
  it('/publications lists the publications', async () => {
    const response = await page.goto(`${base}/publications`);
    expect(response?.status()).toBe(200);
    expect(await page.locator(`a[href="/publications/${feedSlug}"]`).count()).toBeGreaterThan(0);
    expect(await page.locator(`a[href="/publications/${apiPost.publicationSlug}"]`).count()).toBeGreaterThan(0);
  });

  it('shows a generated avatar, not a broken image, for a publication whose logo was never fetched', async () => {
    await page.goto(`${base}/publications/${feedSlug}`);
    const logo = page.locator('main header img').first();
    await page.waitForFunction(
      () => {
        const img = document.querySelector('main header img') as HTMLImageElement | null;
        return img?.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 10_000 },
    );
    expect(await logo.getAttribute('src')).toBe(`/avatars/${feedSlug}.svg`);
    await screenshot(page, 'walk-publication-no-logo');
  });

  it('/docs: the reference without the hosted tool controls, nothing from other hosts, a way back, a favicon', async () => {
    const context = await newContext(browser, pageErrors);
    const reader = await context.newPage();
    const elsewhere: string[] = [];
    reader.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== base) elsewhere.push(request.url());
    });
    await reader.goto(`${base}/docs`);
    await reader.getByText('Search posts by topic').first().waitFor({ timeout: 30_000 });
    await reader.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
    for (const control of ['Ask AI', 'Generate MCP', 'Deploy']) {
      expect(await reader.getByText(control, { exact: true }).count(), control).toBe(0);
    }
    expect(await reader.locator('a[href="/"]').count()).toBeGreaterThan(0);
    await screenshot(reader, 'walk-docs');
    const favicon = await api('/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\//);
    await context.close();
  });
});

/** What sticks out sideways at the page's width: the page itself, a table wider than its box, a hidden tab. */
async function overflow(target: Page, ownTables = true): Promise<string[]> {
  return target.evaluate((tables) => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (pageWidth > width) problems.push(`page is ${pageWidth}px wide`);
    for (const table of tables ? document.querySelectorAll('table') : []) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1)
        problems.push(`table "${box.getAttribute('aria-label')}" is ${box.scrollWidth}px in ${box.clientWidth}px`);
    }
    for (const tab of document.querySelectorAll('nav[aria-label=Account] a')) {
      const rect = tab.getBoundingClientRect();
      if (rect.left < 0 || rect.right > width) problems.push(`tab "${tab.textContent}" is out of view`);
    }
    return problems;
  }, ownTables);
}

describe('every page at desktop and phone widths, signed in, with rows in every table', () => {
  it('has an agent token that was used and an open checkout to show', async () => {
    expect((await api(apiPost.path, agentToken)).status).toBe(200);
    await phonePage.goto(`${base}/account/credits`);
    await phonePage.click('button:has-text("Buy $10.00")');
    await phonePage.waitForURL(/\/account\/credits\/checkout\/cs_local_/);
    openCheckoutPath = new URL(phonePage.url()).pathname;
  });

  it('nothing scrolls sideways, no table is wider than its box, every account tab is in view', async () => {
    const pages = [
      '/',
      '/search?q=semiconductors',
      '/publications',
      `/publications/${apiPost.publicationSlug}`,
      `/publications/${feedSlug}`,
      '/account',
      '/account/keys',
      '/account/tokens',
      '/account/credits',
      '/account/usage',
      '/account/sales',
      openCheckoutPath,
      '/docs',
    ];
    const problems: string[] = [];
    for (const target of [page, phonePage]) {
      const width = target.viewportSize()!.width;
      for (const path of pages) {
        await target.goto(`${base}${path}`);
        await target.waitForLoadState('networkidle');
        // The API reference's tables are Scalar's own; the page itself must still fit.
        const ownTables = path !== '/docs';
        if (!ownTables)
          await target
            .getByText('Search posts by topic')
            .filter({ visible: true })
            .first()
            .waitFor({ timeout: 30_000 });
        // Rows in every table: an empty table would hide the widths this checks.
        for (const box of ownTables ? await target.locator('table').all() : []) {
          expect(await box.locator('tbody tr').count(), `${path}: a table without rows`).toBeGreaterThan(0);
        }
        for (const problem of await overflow(target, ownTables)) problems.push(`${path} at ${width}px: ${problem}`);
        const name =
          path === '/' ? 'home' : path === openCheckoutPath ? 'checkout' : path.slice(1).replaceAll(/[/?=%&.]+/g, '-');
        await screenshot(target, `walk-${name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('shows every column of a usage row on a phone', async () => {
    await phonePage.goto(`${base}/account/usage`);
    const row = phonePage.locator('[data-testid=usage-row]').first();
    for (const cell of await row.locator('td').all()) {
      const rect = (await cell.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    // The route reads as a line, not a column a few characters wide.
    const route = row.locator('[data-testid=usage-route]');
    const box = (await route.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
  });

  it('had no script errors in any page', async () => {
    expect(pageErrors).toEqual([]);
  });
});
