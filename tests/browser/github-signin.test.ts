import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { launchBrowser, newContext, signInLocally } from '@/tests/helpers/browser';
import { startFakeGithub } from '@/tests/helpers/fake-github';
import { type RunningService, startService } from '@/tests/helpers/service';

// OAuth sign-in with next-auth's GitHub provider against a loopback GitHub: the identity is linked to the existing
// user of the same e-mail (made here by the local sign-in, as the operator CLI or an earlier sign-in would).
let service: RunningService;
let github: Awaited<ReturnType<typeof startFakeGithub>>;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  await buildIfNeeded();
  github = await startFakeGithub({ id: 4242, login: 'octocat', name: 'The Octocat', email: 'octo@example.com' });
  service = await startService({
    DATABASE_URL: '',
    GITHUB_ID: github.clientId,
    GITHUB_SECRET: github.clientSecret,
    GITHUB_BASE_URL: github.url,
    DEMO_POSTS: '60',
    JOBS_LOCAL: 'false',
  });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await github?.close();
});

it('signs in with GitHub into the existing account of the same e-mail, and again by the linked identity', async () => {
  // The account exists first, with a key.
  const first = await newContext(browser, pageErrors);
  const local = await first.newPage();
  await signInLocally(local, service.url, 'octo@example.com', '/account/keys');
  await local.fill('input[name=name]', 'made before GitHub');
  await local.click('button:has-text("Create")');
  await local.locator('[data-testid=new-secret]').waitFor();
  await first.close();

  for (let round = 0; round < 2; round++) {
    const context = await newContext(browser, pageErrors);
    const page = await context.newPage();
    await page.goto(`${service.url}/signin?callbackUrl=%2Faccount%2Fkeys`);
    await page.click('button:has-text("Continue with GitHub")');
    await page.waitForURL((url) => url.origin === service.url && url.pathname === '/account/keys', { timeout: 30_000 });
    expect(await page.locator('text=octo@example.com').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=key-row]', { hasText: 'made before GitHub' }).count()).toBe(1);
    await context.close();
  }
  expect(github.requests.filter((r) => r.path.startsWith('/login/oauth/access_token'))).toHaveLength(2);
  expect(pageErrors).toEqual([]);
});
