import { Receipt } from 'mppx';
import { Mppx, stripe } from 'mppx/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaidPublicationPost } from '@/lib/api/contracts/paid';
import { buildIfNeeded } from '@/scripts/build-if-needed';
import { dashboardServiceEnv, launchBrowser, newContext, screenshot, signInLocally } from '@/tests/helpers/browser';
import { type FakeStripe, grantSharedPaymentToken, startFakeStripe } from '@/tests/helpers/fake-stripe';
import { type RunningService, startService } from '@/tests/helpers/service';
import { serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Stripe configured: credit packs through Checkout (the official SDK against a loopback Stripe, the hosted page's
// Pay button delivering a signed webhook as Stripe does), webhooks verified and applied once, refunds reversed, and
// MPP's card method (stripe.charge with a shared payment token) paying a route end to end.
let fake: FakeStripe;
let service: RunningService;
let database: TestDatabase;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const NETWORK_ID = 'internal';

beforeAll(async () => {
  await buildIfNeeded();
  fake = await startFakeStripe();
  database = await createTestDatabase();
  service = await startService({
    ...dashboardServiceEnv(database.url),
    JOBS_LOCAL: 'false',
    PAYMENT_SANDBOX: 'false',
    MPP_SECRET_KEY: 'a-32-byte-or-longer-secret-for-the-stripe-test',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_NETWORK_ID: NETWORK_ID,
    STRIPE_API_BASE_URL: fake.url,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  });
  fake.setWebhookUrl(`${service.url}/api/webhooks/stripe`);
  browser = await launchBrowser();
  page = await (await newContext(browser, pageErrors)).newPage();
  await signInLocally(page, service.url, 'buyer@example.com');
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await fake?.close();
  await database?.drop();
});

const balance = async () => {
  await page.goto(`${service.url}/account/credits`);
  return (await page.locator('[data-testid=purchased-balance]').textContent())?.trim();
};

const postWebhook = (body: string, signature?: string) =>
  fetch(`${service.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

describe('credit packs through Stripe Checkout', () => {
  it('refuses webhooks without a valid signature, changing nothing', async () => {
    const event = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } });
    const missing = await postWebhook(event);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'invalid_signature' });
    const { default: Stripe } = await import('stripe');
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_not_ours' });
    expect((await postWebhook(event, wrongSecret)).status).toBe(400);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: fake.webhookSecret });
    expect((await postWebhook(`${event} `, forged)).status).toBe(400);
    expect(await balance()).toBe('$0.00');
  });

  it('sends the buyer to Stripe and credits the pack when the signed webhook arrives', async () => {
    await page.goto(`${service.url}/account/credits`);
    expect(await page.locator('text=paid securely with Stripe Checkout').count()).toBe(1);
    await page.click('button:has-text("Buy $10.00")');
    await page.waitForURL((url) => url.origin === fake.url);
    expect(await page.locator('h1').textContent()).toBe('Pay $10.00');
    const [session] = [...fake.sessions.values()];
    expect(session).toMatchObject({ amount_total: 1000, currency: 'usd', customer_email: 'buyer@example.com' });
    await page.click('button:has-text("Pay")');
    await page.waitForURL(/\/account\/credits\?checkout=success/);
    expect(fake.delivered.at(-1)!.status).toBe(200);
    // The webhook came first: the page says the credits were added, not that they will be.
    expect(await page.locator('[data-testid=checkout-message]').textContent()).toBe(
      'Payment received: $10.00 of credits added.',
    );
    expect(await balance()).toBe('$10.00');
    await screenshot(page, 'stripe-credits');
  });

  it('credits a replayed event once, even when deliveries race', async () => {
    const { payload } = fake.delivered.at(-1)!;
    const deliver = async () => {
      const { default: Stripe } = await import('stripe');
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      const response = await postWebhook(payload, signature);
      return { status: response.status, body: (await response.json()) as { outcome: string } };
    };
    const again = await deliver();
    expect(again).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    const racing = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(racing.map((r) => r.body.outcome)).toEqual(Array(5).fill('duplicate'));
    expect(await balance()).toBe('$10.00');
  });

  it('takes back refunded credits', async () => {
    const [session] = [...fake.sessions.values()];
    const refund = await fake.refund(session!.payment_intent!, 400);
    expect(refund.status).toBe(200);
    expect(await balance()).toBe('$6.00');
    expect(await page.locator('[data-testid=ledger-row]').first().textContent()).toContain('−$4.00');
  });
});

describe("MPP's card method (stripe.charge)", () => {
  it('pays a route with a shared payment token: 200, a receipt naming the PaymentIntent, and no replay', async () => {
    // Stripe's minimum is $0.50, so the card is offered on posts at that price and above.
    const path = await postAtLeast(50);
    // What an agent's own backend does with its Stripe key: grant a token for this amount to the seller.
    const grantToken = grantSharedPaymentToken(fake);
    const mppx = Mppx.create({
      polyfill: false,
      methods: [stripe.charge({ paymentMethod: 'pm_card_visa', createToken: grantToken })],
    });
    const challenge = await fetch(`${service.url}${path.path}`);
    expect(challenge.status).toBe(402);
    const credential = await mppx.createCredential(challenge);

    const paid = await fetch(`${service.url}${path.path}`, { headers: { authorization: credential } });
    expect(paid.status).toBe(200);
    const body = PaidPublicationPost.parse(await paid.json());
    expect(body.paymentInfo).toEqual({ amountUsd: (path.priceCents / 100).toFixed(2), protocol: 'mpp' });
    const receipt = Receipt.deserialize(paid.headers.get('payment-receipt')!);
    expect(receipt).toMatchObject({ method: 'stripe', status: 'success' });
    const intent = fake.paymentIntents.get(receipt.reference);
    expect(intent).toMatchObject({
      amount: path.priceCents,
      currency: 'usd',
      status: 'succeeded',
      network_id: NETWORK_ID,
    });

    const replay = await fetch(`${service.url}${path.path}`, { headers: { authorization: credential } });
    expect(replay.status).toBe(402);
    await replay.body?.cancel();
    const { payments } = (await serviceCommand(service, 'payments', { limit: 50 })) as {
      payments: Array<{ protocol: string; reference: string | null; amountCents: number }>;
    };
    expect(payments.filter((p) => p.protocol === 'mpp')).toEqual([
      expect.objectContaining({ reference: receipt.reference, amountCents: path.priceCents }),
    ]);
    expect(pageErrors).toEqual([]);
  });
});

/** A ready demo post (a plain request answers 402) priced at `cents` or more. */
async function postAtLeast(cents: number): Promise<{ path: string; priceCents: number }> {
  const get = async <T>(path: string) => (await (await fetch(`${service.url}${path}`)).json()) as T;
  const { publications } = await get<{ publications: Array<{ slug: string }> }>('/api/v1/publications');
  for (const { slug } of publications) {
    const { posts } = await get<{ posts: Array<{ slug: string; priceCents: number | null }> }>(
      `/api/v1/publications/${slug}?limit=100`,
    );
    for (const post of posts.filter((p) => (p.priceCents ?? 0) >= cents)) {
      const path = `/api/v1/publications/${slug}/${post.slug}`;
      const probe = await fetch(`${service.url}${path}`);
      await probe.body?.cancel();
      if (probe.status === 402) return { path, priceCents: post.priceCents! };
    }
  }
  throw new Error(`no ready post at ${cents} cents or more`);
}
