import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type MockInstance } from 'vitest';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { readCreditBalance } from '@/lib/credits/balance';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import { migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import type { PaidOffer } from '@/lib/payments/offer';
import type { PaymentSetup } from '@/lib/payments/setup';
import { closeTestAppContext, openTestAppContext } from './app-context';
import { createTestDatabase } from './test-database';

/**
 * What the in-process payment suites (sellOffer, deliver) share: a fresh migrated database holding one post to sell,
 * offers of it, customers with API keys and credits, and readers of the ledgers and payments they leave behind.
 */
export const RESOURCE = '/api/v1/publications/sell-offer.example/a-post';

export const NO_WALLETS: PaymentSetup = {
  testMoney: false,
  refuseDevPayers: true,
  x402: null,
  mpp: null,
  prices: { defaultPostCents: 10, stockPicksArticleCents: 10 },
  weeklyAllowanceCents: 100,
};

export const request = (headers: Record<string, string> = {}) =>
  new Request(`http://localhost${RESOURCE}`, { headers });

export async function openPaymentFixture() {
  const database = await createTestDatabase();
  const db: Db = await database.open();
  await migrate(db);
  // The operator token and the replay store (x402 nonces, MPP) come from the process's context, as in the service.
  await openTestAppContext(db);
  const [publication] = await db.query<{ id: string }>(
    `insert into publications (slug, site_url, source_kind)
     values ('sell-offer.example', 'https://sell-offer.example', 'rss') returning id`,
  );
  const [row] = await db.query<{ id: string }>(
    `insert into posts (publication_id, guid, slug, title, url)
     values ($1, 'g-1', 'a-post', 'A post', 'https://sell-offer.example/a-post') returning id`,
    [publication!.id],
  );
  const post = { postId: row!.id, publicationId: publication!.id };

  const offer = (overrides: Partial<PaidOffer> = {}): PaidOffer => ({
    product: 'post_summary',
    resource: RESOURCE,
    url: `http://localhost${RESOURCE}`,
    description: 'Synthesized summary of "A post"',
    priceCents: 10,
    sales: [{ ...post, shareCents: 10 }],
    respond: (paymentInfo) => Response.json({ summary: 'the content', paymentInfo }),
    ...overrides,
  });
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params))[0]!.n);

  return {
    db,
    post,
    offer,
    /** An offer whose sale names a post that does not exist, so recording its payment fails (sales.post_id). */
    unrecordable: () => offer({ sales: [{ ...post, postId: randomUUID(), shareCents: 10 }] }),
    /** A new user with an API key and a purchased balance. */
    async customer(cents: number) {
      const user = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
      if (cents > 0) {
        await grantPurchasedCredits(db, { userId: user.id, cents, ledgerKey: `grant:${user.id}`, kind: 'grant' });
      }
      const { key, id: apiKeyId } = await createApiKey(db, user.id, 'test');
      return { userId: user.id, key, apiKeyId };
    },
    /** A user's ledger entries, newest first, as [kind, delta]. */
    ledger: async (userId: string) =>
      (await readCreditBalance(db, userId, 100)).recentEntries.map((e) => [e.kind, e.deltaCents]),
    purchased: async (userId: string) => (await readCreditBalance(db, userId, 100)).purchasedCents,
    paymentsOf: (userId: string) =>
      db.query<{ id: string; protocol: string; delivered: boolean; failure: string | null }>(
        `select id, protocol, delivered, failure from payments where user_id = $1`,
        [userId],
      ),
    paymentByKey: (uniqueKey: string) =>
      db.query<{ protocol: string; delivered: boolean; failure: string | null; reference: string | null }>(
        `select protocol, delivered, failure, reference from payments where unique_key = $1`,
        [uniqueKey],
      ),
    count,
    refunds: () => count(`from credit_ledger where kind = 'refund'`),
    async close() {
      await closeTestAppContext();
      await db.close();
      await database.drop();
    },
  };
}

export type PaymentFixture = Awaited<ReturnType<typeof openPaymentFixture>>;

/**
 * The payment that deliver logged because it was settled but could not be recorded: the one line an operator
 * reconciles from. Fails unless exactly that line was logged, with the error beside it.
 */
export function reconciliationEntry(log: MockInstance): Record<string, unknown> {
  expect(log).toHaveBeenCalledWith(
    '[payments] settled payment could not be recorded; kept in the payment outbox',
    expect.any(String),
    expect.any(Error),
  );
  const call = log.mock.calls.find(
    ([message]) => message === '[payments] settled payment could not be recorded; kept in the payment outbox',
  );
  return JSON.parse(call![1] as string);
}
