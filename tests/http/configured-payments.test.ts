import { existsSync } from 'node:fs';
import path from 'node:path';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { Challenge } from 'mppx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaidPublicationPost } from '@/lib/api/contracts/paid';
import { usdcBalance } from '@/lib/payments/sandbox/balances';
import { sandbox } from '@/tests/helpers/paid';
import { type RunningService, startService } from '@/tests/helpers/service';

// The production path: no sandbox of its own, every wallet method configured by environment. The chains and the
// facilitator are the shared test service's sandbox, reached exactly as real ones would be (URLs and addresses).
let service: RunningService;
const posts: Array<{ path: string; priceCents: number | null }> = [];

beforeAll(async () => {
  const { x402, mpp } = sandbox();
  service = await startService({
    DATABASE_URL: '',
    SEED_DEMO_DATA: 'true',
    DEMO_POSTS: '400',
    PAYMENT_SANDBOX: 'false',
    // The payers here are the sandbox's development accounts, refused by a configured service unless named.
    PAYMENT_ACCEPT_DEV_KEYS: 'true',
    X402_NETWORK: x402.network,
    X402_PAY_TO: x402.payTo,
    X402_FACILITATOR_URL: x402.facilitatorUrl,
    MPP_SECRET_KEY: 'a-32-byte-or-longer-secret-for-this-test',
    MPP_REALM: 'research.example',
    TEMPO_RPC_URL: mpp.rpcUrl,
    TEMPO_CHAIN_ID: String(mpp.chainId),
    TEMPO_RECIPIENT: mpp.recipient,
    TEMPO_CURRENCY: mpp.currency,
    STRIPE_SECRET_KEY: 'sk_test_not_contacted_for_challenges',
    STRIPE_NETWORK_ID: 'profile_test',
  });
  const list = (await (await fetch(`${service.url}/api/v1/publications`)).json()) as {
    publications: Array<{ slug: string }>;
  };
  for (const { slug } of list.publications) {
    const detail = (await (await fetch(`${service.url}/api/v1/publications/${slug}?limit=100`)).json()) as {
      posts: Array<{ slug: string; priceCents: number | null }>;
    };
    for (const post of detail.posts)
      posts.push({ path: `/api/v1/publications/${slug}/${post.slug}`, priceCents: post.priceCents });
  }
}, 300_000);

afterAll(async () => {
  await service?.stop();
});

async function challenge(path: string) {
  const response = await fetch(service.url + path);
  await response.body?.cancel();
  return response;
}

/** The first of these posts that answers 402 (the others have no summary yet), with its path. */
async function firstChallenge(candidates: Array<{ path: string }>) {
  for (const { path } of candidates) {
    const response = await challenge(path);
    if (response.status === 402) return Object.assign(response, { path });
  }
  return undefined;
}

describe('wallet payments configured by environment', () => {
  it('offers x402 and tempo at 10 cents, and adds the card method from 50 cents (Stripe minimum)', async () => {
    const cheap = await firstChallenge(posts.filter((p) => p.priceCents === null));
    expect(cheap!.status).toBe(402);
    const cheapMethods = Challenge.deserializeList(cheap!.headers.get('www-authenticate')!).map((c) => c.method);
    expect(cheapMethods).toEqual(['tempo']);

    const dear = await firstChallenge(posts.filter((p) => (p.priceCents ?? 0) >= 50));
    expect(dear!.status).toBe(402);
    const dearChallenges = Challenge.deserializeList(dear!.headers.get('www-authenticate')!);
    expect(dearChallenges.map((c) => c.method).sort()).toEqual(['stripe', 'tempo']);
    expect(dearChallenges.every((c) => c.realm === 'research.example')).toBe(true);
    expect(decodePaymentRequiredHeader(dear!.headers.get('payment-required')!).accepts[0]!.network).toBe(
      'eip155:84532',
    );
  });

  it('takes a real x402 payment through the configured facilitator', async () => {
    const account = privateKeyToAccount(sandbox().x402.payerPrivateKeys[5]!);
    const paidPath = (await firstChallenge(posts.filter((p) => p.priceCents === null)))?.path ?? '';
    const before = await usdcBalance(sandbox(), account.address);
    const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(account)));
    const response = await pay(service.url + paidPath);
    expect(response.status).toBe(200);
    expect(PaidPublicationPost.parse(await response.json()).paymentInfo).toEqual({
      amountUsd: '0.10',
      protocol: 'x402',
    });
    expect(await usdcBalance(sandbox(), account.address)).toBe(before - 100_000n);
  });

  it('runs no sandbox: no sandbox.json, and the 402 does not speak of test money', async () => {
    expect(existsSync(path.join(service.dataDir, 'sandbox.json'))).toBe(false);
    for (const post of posts.filter((p) => p.priceCents === null)) {
      const response = await fetch(service.url + post.path);
      if (response.status !== 402) continue;
      expect(await response.text()).not.toMatch(/TEST MONEY|sandbox/i);
      return;
    }
    throw new Error('no post answered 402');
  });
});
