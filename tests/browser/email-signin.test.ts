import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { launchBrowser, newContext, screenshot } from '@/tests/helpers/browser';
import { type RunningService, startService } from '@/tests/helpers/service';
import { startSmtpInbox } from '@/tests/helpers/smtp-inbox';

// The production sign-in by e-mail: next-auth's magic link, sent over SMTP (to a real SMTP server on loopback),
// stored hashed through our adapter, and usable once.
let service: RunningService;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let browser: Browser;
const pageErrors: string[] = [];

/** A free loopback port: magic links need the service's public address before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  await buildIfNeeded();
  inbox = await startSmtpInbox();
  const port = await freePort();
  service = await startService({
    DATABASE_URL: '',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    EMAIL_SERVER: inbox.url,
    EMAIL_FROM: 'Research API <login@research.example>',
    AUTH_LOCAL_SIGNIN: 'false',
    DEMO_POSTS: '60',
    JOBS_LOCAL: 'false',
  });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await inbox?.close();
});

it('signs in with a link e-mailed over SMTP, once', async () => {
  const page = await (await newContext(browser, pageErrors)).newPage();
  await page.goto(`${service.url}/signin?callbackUrl=%2Faccount%2Fkeys`);
  // The local sign-in is off here: only the e-mail form is offered, and posting to it directly signs nobody in.
  expect(await page.locator('form[aria-labelledby="local-signin-heading"]').count()).toBe(0);
  const csrf = await page.request.get(`${service.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const local = await page.request.post(`${service.url}/api/auth/callback/local`, {
    form: { csrfToken, email: 'intruder@example.com', json: 'true' },
    maxRedirects: 0,
  });
  expect(local.headers()['set-cookie'] ?? '').not.toContain('next-auth.session-token=');
  await page.fill('input[name=email]', 'Reader@Example.com');
  await page.click('button:has-text("E-mail me a sign-in link")');
  await page.waitForURL((url) => url.pathname === '/signin/check-email');
  await screenshot(page, 'signin-check-email');

  await expect.poll(() => inbox.mails.length, { timeout: 15_000 }).toBe(1);
  const mail = inbox.mails[0]!;
  expect(mail.to).toEqual(['reader@example.com']);
  // Quoted-printable soft line breaks (=\r\n) and =3D for '=' are undone before reading the link.
  const body = mail.raw.replaceAll('=\r\n', '').replaceAll('=3D', '=');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/callback\/email\?[^\s"<]+)/.exec(body)?.[1];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${service.url}/`)).toBe(true);

  await page.goto(link!.replaceAll('&amp;', '&'));
  await page.waitForURL((url) => url.pathname === '/account/keys');
  expect(await page.locator('text=reader@example.com').count()).toBeGreaterThan(0);

  // The link worked once: a second browser following it is refused.
  const other = await (await newContext(browser, pageErrors)).newPage();
  await other.goto(link!.replaceAll('&amp;', '&'));
  await other.waitForURL((url) => url.pathname === '/signin');
  expect(await other.locator('[role=alert]', { hasText: 'expired or was already used' }).count()).toBe(1);
  expect(pageErrors).toEqual([]);
});
