import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { listApiKeys } from '@/lib/accounts/api-keys/list';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { verifyApiKey } from '@/lib/accounts/api-keys/verify';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { listSessionTokens, revokeSessionToken } from '@/lib/accounts/sessions/manage';
import { verifySessionToken } from '@/lib/accounts/sessions/verify';
import { listUsage, spendByDay } from '@/lib/accounts/usage';
import { sqlAuthAdapter } from '@/lib/auth/adapter';
import { serviceSecret } from '@/lib/auth/secret';
import { sellOffer } from '@/lib/payments/sell-offer';
import { salesReport } from '@/lib/sales/report';
import { NO_WALLETS, openPaymentFixture, type PaymentFixture, request } from '@/tests/helpers/payment-fixture';

let f: PaymentFixture;

beforeAll(async () => {
  f = await openPaymentFixture();
});

afterAll(async () => {
  await f.close();
});

const buy = (bearer: string) =>
  sellOffer(request({ authorization: `Bearer ${bearer}` }), f.offer(), '', { db: f.db, setup: NO_WALLETS });

describe('next-auth adapter over our users', () => {
  it('creates users through the same e-mail rules, links OAuth identities, and finds them again', async () => {
    const adapter = sqlAuthAdapter(f.db);
    const user = await adapter.createUser!({ email: 'Ada@Example.com', emailVerified: null, name: 'Ada' } as never);
    expect(user).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    // An existing user (made by the operator CLI, say) is the same row, not a second account.
    expect(await adapter.getUserByEmail!('ada@example.com')).toMatchObject({ id: user.id });
    await adapter.linkAccount!({
      userId: user.id,
      provider: 'github',
      providerAccountId: '42',
      type: 'oauth',
    } as never);
    expect(await adapter.getUserByAccount!({ provider: 'github', providerAccountId: '42' })).toMatchObject({
      id: user.id,
    });
    expect(await adapter.getUserByAccount!({ provider: 'google', providerAccountId: '42' })).toBeNull();
    expect(await adapter.getUser!('not-a-uuid')).toBeNull();
    const verified = new Date('2026-11-24T10:00:00Z');
    expect(await adapter.updateUser!({ id: user.id, emailVerified: verified })).toMatchObject({
      emailVerified: verified,
    });
  });

  it('uses a magic-link token once', async () => {
    const adapter = sqlAuthAdapter(f.db);
    const token = { identifier: 'ada@example.com', token: 'hashed-token', expires: new Date(Date.now() + 60_000) };
    await adapter.createVerificationToken!(token);
    const [first, second] = await Promise.all([
      adapter.useVerificationToken!({ identifier: token.identifier, token: token.token }),
      adapter.useVerificationToken!({ identifier: token.identifier, token: token.token }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
  });

  it('keeps one generated sign-in secret per database', async () => {
    const [a, b] = await Promise.all([serviceSecret(f.db, 'nextauth'), serviceSecret(f.db, 'nextauth')]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
  });
});

describe("one user never acts on another's keys and tokens", () => {
  it('revokes a key only for its owner', async () => {
    const alice = await f.customer(0);
    const bob = await f.customer(0);
    expect(await revokeApiKey(f.db, alice.apiKeyId, bob.userId)).toBeNull();
    expect(await verifyApiKey(f.db, alice.key)).not.toBeNull();
    expect(await revokeApiKey(f.db, alice.apiKeyId, alice.userId)).toMatchObject({ id: alice.apiKeyId });
    expect(await verifyApiKey(f.db, alice.key)).toBeNull();
    expect((await listApiKeys(f.db, bob.userId)).map((k) => k.id)).not.toContain(alice.apiKeyId);
  });

  it('lists and revokes session tokens per user, with their names and last use', async () => {
    const alice = await f.customer(0);
    const bob = await f.customer(0);
    const token = await issueSessionToken(f.db, alice.userId, { name: 'my agent' });
    expect(await revokeSessionToken(f.db, bob.userId, token.id)).toBeNull();
    expect(await verifySessionToken(f.db, token.token)).toMatchObject({ userId: alice.userId, tokenId: token.id });
    const [listed] = await listSessionTokens(f.db, alice.userId);
    expect(listed).toMatchObject({ id: token.id, name: 'my agent', kind: 'agent', revokedAt: null });
    expect(listed!.lastUsedAt).not.toBeNull();
    expect(await listSessionTokens(f.db, bob.userId)).toEqual([]);
    expect(await revokeSessionToken(f.db, alice.userId, token.id)).toMatchObject({ id: token.id });
    expect(await verifySessionToken(f.db, token.token)).toBeNull();
    expect(await revokeSessionToken(f.db, alice.userId, 'not-a-uuid')).toBeNull();
  });
});

describe('usage and sales', () => {
  it("lists a user's own paid requests with what they bought, filtered and paged", async () => {
    const alice = await f.customer(100);
    const bob = await f.customer(100);
    const session = await issueSessionToken(f.db, alice.userId);
    for (const bearer of [alice.key, alice.key, session.token]) expect((await buy(bearer)).status).toBe(200);
    expect((await buy(bob.key)).status).toBe(200);

    const all = await listUsage(f.db, alice.userId, {}, { offset: 0, limit: 10 });
    expect(all.total).toBe(3);
    expect(all.rows[0]).toMatchObject({
      product: 'post_summary',
      paidWith: 'allowance',
      amountCents: 10,
      post: { publicationSlug: 'sell-offer.example', postSlug: 'a-post', title: 'A post' },
    });
    expect((await listUsage(f.db, alice.userId, { paidWith: 'api_key' }, { offset: 0, limit: 10 })).total).toBe(2);
    expect((await listUsage(f.db, alice.userId, { product: 'stock_picks' }, { offset: 0, limit: 10 })).total).toBe(0);
    const second = await listUsage(f.db, alice.userId, {}, { offset: 2, limit: 2 });
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]!.paidWith).toBe('api_key');

    const today = new Date().toISOString().slice(0, 10);
    expect(await spendByDay(f.db, alice.userId, 30)).toEqual([
      { day: today, paidWith: 'allowance', cents: 10 },
      { day: today, paidWith: 'api_key', cents: 20 },
    ]);
  });

  it('shows operators every publication and publishers only their own', async () => {
    const publisher = await f.customer(0);
    const outsider = await f.customer(0);
    await f.db.query(`insert into publication_members (publication_id, user_id) values ($1, $2)`, [
      f.post.publicationId,
      publisher.userId,
    ]);
    const all = await salesReport(f.db, { kind: 'all' }, 30);
    expect(all.publications).toEqual([
      { slug: 'sell-offer.example', name: 'sell-offer.example', sales: 4, shareCents: 40 },
    ]);
    expect(all.topPosts[0]).toMatchObject({ title: 'A post', summarySales: 4, pickSales: 0 });
    expect(await salesReport(f.db, { kind: 'member', userId: publisher.userId }, 30)).toEqual(all);
    const none = await salesReport(f.db, { kind: 'member', userId: outsider.userId }, 30);
    expect(none).toEqual({ publications: [], days: [], topPosts: [] });
  });
});

it('creates keys that list by prefix only', async () => {
  const user = await f.customer(0);
  const key = await createApiKey(f.db, user.userId, 'listed');
  const listed = (await listApiKeys(f.db, user.userId)).find((k) => k.id === key.id);
  expect(listed).toMatchObject({ name: 'listed', displayPrefix: key.key.slice(0, 13), revokedAt: null });
  expect(JSON.stringify(listed)).not.toContain(key.key);
});

it("lets the operator name and remove a publication's publishers", async () => {
  const { ACCOUNT_COMMANDS } = await import('@/lib/operator/account-commands');
  const command = (name: string) => ACCOUNT_COMMANDS.find((c) => c.name === name)!;
  const publisher = await f.customer(0);
  const [{ email }] = (await f.db.query<{ email: string }>(`select email from users where id = $1`, [
    publisher.userId,
  ])) as [{ email: string }];
  const args = { email, slug: 'sell-offer.example' };
  expect(await command('publishers add').run(f.db, args)).toMatchObject({ changed: true });
  expect(await command('publishers add').run(f.db, args)).toMatchObject({ changed: false });
  expect((await salesReport(f.db, { kind: 'member', userId: publisher.userId }, 30)).publications).toHaveLength(1);
  expect(await command('publishers remove').run(f.db, args)).toMatchObject({ changed: true });
  expect((await salesReport(f.db, { kind: 'member', userId: publisher.userId }, 30)).publications).toHaveLength(0);
  await expect(command('publishers add').run(f.db, { email, slug: 'nope.example' })).rejects.toThrow(
    /No publication nope.example/,
  );
});
