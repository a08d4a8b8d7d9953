import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * The browser suites drive Debian's chromium through playwright-core (.ci/run installs it with apt; Playwright's
 * own browser download does not work here). Launch flags from shared/notes/platform.md.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');

/** Saves a full-page screenshot as test-artifacts/screenshots/<name>-<viewport>.png (ignored by git). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const viewport = width <= VIEWPORTS.phone.width ? 'phone' : 'desktop';
  const file = path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page (WCAG 2.x A and AA rules) and returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Signs in with the local sign-in form and waits for the page it returns to. */
export async function signInLocally(page: Page, baseUrl: string, email: string, returnTo = '/account') {
  await page.goto(`${baseUrl}/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  const form = page.locator('form[aria-labelledby="local-signin-heading"]');
  await form.locator('input[name=email]').fill(email);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0], { timeout: 30_000 });
}

/** A fresh browser context (its own cookies) at a viewport; script errors in its pages are collected in `errors`. */
export async function newContext(
  browser: Browser,
  errors: string[],
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  context.on('weberror', (error) => errors.push(error.error().message));
  // Playwright waits 30 s by default; CI runs these suites beside the database suites on two cores, where a
  // server-rendered page behind a sign-in has taken longer than that (a timeout there says nothing about the page).
  context.setDefaultTimeout(90_000);
  return context;
}

/**
 * The variables of the service a dashboard test drives: 300 demo posts, and on PostgreSQL (DATABASE_URL, in CI) the
 * demo seed and the local sign-in that the embedded default has without asking.
 */
export function dashboardServiceEnv(databaseUrl: string | null | undefined): Record<string, string> {
  return {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'true', AUTH_LOCAL_SIGNIN: 'true' } : {}),
    DEMO_POSTS: '300',
  };
}

/**
 * What sticks out sideways at the page's width: the page itself when it scrolls sideways, and up to five elements of
 * `main` whose right edge passes the viewport (a phone-width check).
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (pageWidth > width) problems.push(`page is ${pageWidth}px wide`);
    for (const element of document.querySelectorAll('main *')) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 1) {
        problems.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}" ends at ${rect.right}px`,
        );
      }
    }
    return problems.slice(0, 5);
  });
}
