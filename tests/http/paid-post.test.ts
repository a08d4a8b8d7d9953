import { decodePaymentRequiredHeader } from '@x402/core/http';
import { Challenge } from 'mppx';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorMessage, InvalidQueryResponse } from '@/lib/api/contracts/common';
import { PaidPublicationPost } from '@/lib/api/contracts/paid';
import { getJson } from '@/tests/helpers/http';
import { createAccount, findPosts, operator, operatorToken, type PostRef, purchasedCents } from '@/tests/helpers/paid';

let posts: Awaited<ReturnType<typeof findPosts>>;
let ready: PostRef;

beforeAll(async () => {
  posts = await findPosts();
  expect(posts.ready.length).toBeGreaterThan(3);
  expect(posts.priced.length).toBeGreaterThan(0);
  expect(posts.notReady.length).toBeGreaterThan(0);
  ready = posts.ready[0]!;
}, 120_000);

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('unpaid request to a ready post', () => {
  it('answers 402 with both challenges, a problem body, no-store and exposed headers', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await getJson<Record<string, unknown>>(ready.path, { method });
      expect(response.status).toBe(402);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('access-control-expose-headers')).toMatch(
        /PAYMENT-REQUIRED.*WWW-Authenticate.*Payment-Receipt/,
      );
      expect(response.body).toMatchObject({
        type: expect.stringMatching(/^https:\/\//),
        title: 'Payment Required',
        status: 402,
      });
      expect(response.body.detail).toMatch(/\$0\.10/);

      const x402 = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
      expect(x402.x402Version).toBe(2);
      expect(x402.resource.url).toMatch(new RegExp(`${ready.path}$`));
      expect(x402.accepts).toEqual([
        expect.objectContaining({
          scheme: 'exact',
          network: 'eip155:84532',
          amount: '100000',
          extra: expect.objectContaining({ name: 'USDC', version: '2', resource: ready.path }),
        }),
        // The sandbox's chain has the batch-settlement escrow: offered after exact, bound to the same resource.
        expect.objectContaining({
          scheme: 'batch-settlement',
          network: 'eip155:84532',
          amount: '100000',
          extra: expect.objectContaining({ resource: ready.path, minDeposit: '1000000' }),
        }),
      ]);

      const mpp = Challenge.deserialize(response.headers.get('www-authenticate')!);
      expect(mpp).toMatchObject({ method: 'tempo', intent: 'charge', realm: new URL(inject('baseUrl')).host });
      expect(mpp.request).toMatchObject({ amount: '100000' });
      expect(response.body.challengeId).toBe(mpp.id);
    }
  });

  it('prices a post by its stored price', async () => {
    const priced = posts.priced[0]!;
    const response = await fetch(new URL(priced.path, inject('baseUrl')));
    await response.body?.cancel();
    const x402 = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    expect(x402.accepts[0]!.amount).toBe(String(priced.priceCents! * 10_000));
  });
});

describe('decided before any challenge, never charged', () => {
  it('404 for an unknown publication or post, 400 for a malformed slug or body, 503 for a summary not ready', async () => {
    const cases: Array<[string, RequestInit | undefined, number]> = [
      [`/api/v1/publications/no-such-publication.example/${ready.slug}`, undefined, 404],
      [`/api/v1/publications/${ready.publicationSlug}/no-such-post`, undefined, 404],
      [`/api/v1/publications/${ready.publicationSlug}/Bad_Slug!`, undefined, 400],
      [ready.path, { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } }, 400],
      [posts.notReady[0]!.path, undefined, 503],
    ];
    for (const [path, init, status] of cases) {
      const response = await getJson<Record<string, unknown>>(path, init);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('payment-required'), path).toBeNull();
      expect(response.headers.get('www-authenticate'), path).toBeNull();
      if (status === 404) ErrorMessage.parse(response.body);
      if (status === 400) InvalidQueryResponse.parse(response.body);
      if (path.endsWith('/Bad_Slug!')) {
        expect(response.body).toMatchObject({ code: 'invalid_path', issues: { postSlug: [expect.any(String)] } });
      }
      if (status === 503) {
        // Every 5xx names its request id, the one in X-Request-Id and in the request log.
        expect(response.body).toEqual({
          error: expect.any(String),
          code: 'summary_not_ready',
          requestId: response.headers.get('x-request-id'),
        });
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
  });

  it('does not debit credits for 404 or 503 even with a funded key', async () => {
    const { key } = await createAccount('no-charge@example.com', 100);
    for (const path of [posts.notReady[0]!.path, `/api/v1/publications/${ready.publicationSlug}/no-such-post`]) {
      const response = await fetch(new URL(path, inject('baseUrl')), bearer(key));
      expect([404, 503]).toContain(response.status);
    }
    expect(await purchasedCents('no-charge@example.com')).toBe(100);
  });
});

describe('API keys spend purchased credits', () => {
  it('charges every request, answers 403 when short, and keeps the ledger in step', async () => {
    const { key } = await createAccount('credits@example.com', 25);
    const first = await getJson(ready.path, bearer(key));
    expect(first.status).toBe(200);
    const post = PaidPublicationPost.parse(first.body);
    expect(post.paymentInfo).toEqual({ amountUsd: '0.10', protocol: 'credits', spendSource: 'purchased' });
    expect(post.synthesizedSummary.length).toBeGreaterThan(20);
    expect(Object.keys(first.body as object).sort()).toEqual(Object.keys(PaidPublicationPost.shape).sort());

    const second = await getJson(ready.path, { method: 'POST', body: '{}', ...bearer(key) });
    expect(second.status).toBe(200);
    const third = await getJson(ready.path, bearer(key));
    expect(third.status).toBe(403);
    ErrorMessage.parse(third.body);

    const balance = await operator<{
      purchasedCents: number;
      recentEntries: Array<{ kind: string; deltaCents: number; balanceAfterCents: number }>;
    }>('balance', { email: 'credits@example.com' });
    expect(balance.purchasedCents).toBe(5);
    expect(balance.recentEntries.map((e) => [e.kind, e.deltaCents, e.balanceAfterCents])).toEqual([
      ['debit', -10, 5],
      ['debit', -10, 15],
      ['grant', 25, 25],
    ]);
  });

  it('answers 401 for unknown and revoked keys', async () => {
    const unknown = await getJson(ready.path, bearer('pk_svc_unknownkey'));
    expect(unknown.status).toBe(401);
    ErrorMessage.parse(unknown.body);

    const { key, keyId } = await createAccount('revoked@example.com', 100);
    expect((await getJson(ready.path, bearer(key))).status).toBe(200);
    await operator('keys revoke', { id: keyId });
    const revoked = await getJson(ready.path, bearer(key));
    expect(revoked.status).toBe(401);
    expect(await purchasedCents('revoked@example.com')).toBe(90);
  });

  it('refuses ambiguous or unsupported credentials with 401 and charges nothing', async () => {
    const both = await getJson(ready.path, { headers: { authorization: 'Bearer x', 'payment-signature': 'e30=' } });
    expect(both.status).toBe(401);
    const basic = await getJson(ready.path, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    ErrorMessage.parse(basic.body);
  });
});

describe('session tokens spend the weekly allowance first, then purchased credits', () => {
  it('reports sponsored, then purchased, then 403', async () => {
    await createAccount('session@example.com', 10);
    const { token } = await operator<{ token: string }>('session-token', { email: 'session@example.com' });
    const allowance = (
      await operator<{ allowance: { remainingCents: number } }>('balance', { email: 'session@example.com' })
    ).allowance.remainingCents;
    const sponsoredRequests = Math.floor(allowance / 10);
    for (let i = 0; i < sponsoredRequests; i++) {
      const response = await getJson(ready.path, bearer(token));
      expect(PaidPublicationPost.parse(response.body).paymentInfo).toEqual({
        amountUsd: '0.10',
        protocol: 'credits',
        spendSource: 'sponsored',
      });
    }
    const purchased = await getJson(ready.path, bearer(token));
    expect(PaidPublicationPost.parse(purchased.body).paymentInfo?.spendSource).toBe('purchased');
    const exhausted = await getJson(ready.path, bearer(token));
    expect(exhausted.status).toBe(403);
    const balance = await operator<{ purchasedCents: number; allowance: { remainingCents: number } }>('balance', {
      email: 'session@example.com',
    });
    expect(balance).toMatchObject({ purchasedCents: 0, allowance: { remainingCents: allowance % 10 } });
  });

  it('answers 401 for an unknown session token', async () => {
    expect((await getJson(ready.path, bearer('st_not-a-real-session'))).status).toBe(401);
  });
});

describe("the operator's privileged credential", () => {
  it('is served without charge and recorded as privileged', async () => {
    const response = await getJson(ready.path, bearer(operatorToken()));
    expect(PaidPublicationPost.parse(response.body).paymentInfo).toEqual({ amountUsd: '0.00', protocol: 'privileged' });
    const { payments } = await operator<{
      payments: Array<{ protocol: string; resource: string; amountCents: number }>;
    }>('payments', { limit: 50 });
    expect(payments).toContainEqual(
      expect.objectContaining({ protocol: 'privileged', resource: ready.path, amountCents: 0 }),
    );
  });
});
