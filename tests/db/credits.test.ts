import { describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/accounts/api-keys/create';
import { revokeApiKey } from '@/lib/accounts/api-keys/revoke';
import { verifyApiKey } from '@/lib/accounts/api-keys/verify';
import { issueSessionToken } from '@/lib/accounts/sessions/issue';
import { verifySessionToken } from '@/lib/accounts/sessions/verify';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { readCreditBalance } from '@/lib/credits/balance';
import { debitPurchasedCredits, debitWeeklyAllowance } from '@/lib/credits/debit';
import { grantPurchasedCredits } from '@/lib/credits/grant';
import { refundDebit } from '@/lib/credits/refund';
import { refundOrphanedDebits } from '@/lib/credits/refund-orphaned';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const db = suiteDatabase();

const debit = (userId: string, cents: number, key: string) =>
  debitPurchasedCredits(db, { userId, cents, ledgerKey: key, description: 'test' });

describe('users, API keys and session tokens', () => {
  it('creates a user once per e-mail, case-insensitively', async () => {
    const first = await ensureUser(db, 'Mixed.Case@Example.com');
    const again = await ensureUser(db, 'mixed.case@example.com ');
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ id: first.id, created: false, email: 'mixed.case@example.com' });
    await expect(ensureUser(db, 'not an email')).rejects.toThrow(/invalid e-mail/);
  });

  it('stores keys hashed, verifies them, and refuses revoked ones', async () => {
    const user = await ensureUser(db, 'keys@example.com');
    const key = await createApiKey(db, user.id, 'ci');
    expect(key.key).toMatch(/^pk_svc_[A-Za-z0-9_-]{43}$/);
    const [stored] = await db.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [key.id]);
    expect(stored!.key_hash).not.toContain(key.key.slice(7));
    expect(await verifyApiKey(db, key.key)).toEqual({
      apiKeyId: key.id,
      userId: user.id,
      cap: { dailyCents: null, monthlyCents: null, products: null },
      scopes: [],
    });
    expect(await verifyApiKey(db, `${key.key}x`)).toBeNull();
    await revokeApiKey(db, key.id);
    expect(await verifyApiKey(db, key.key)).toBeNull();
    expect(await revokeApiKey(db, 'not-a-uuid')).toBeNull();
  });

  it("moves a key's last use at most once a minute, so its requests do not queue on that row", async () => {
    const user = await ensureUser(db, 'last-used@example.com');
    const key = await createApiKey(db, user.id, 'hot');
    const lastUsed = async () =>
      (await db.query<{ t: Date | null }>('select last_used_at as t from api_keys where id = $1', [key.id]))[0]!.t;
    await verifyApiKey(db, key.key);
    expect(await lastUsed()).not.toBeNull();
    await db.query(`update api_keys set last_used_at = now() - interval '30 seconds' where id = $1`, [key.id]);
    const recent = await lastUsed();
    await verifyApiKey(db, key.key);
    expect(await lastUsed()).toEqual(recent);
    await db.query(`update api_keys set last_used_at = now() - interval '2 minutes' where id = $1`, [key.id]);
    await verifyApiKey(db, key.key);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('verifies live session tokens only', async () => {
    const user = await ensureUser(db, 'session@example.com');
    const { token } = await issueSessionToken(db, user.id);
    expect(await verifySessionToken(db, token)).toEqual({ userId: user.id, tokenId: expect.any(String) });
    await db.query(`update session_tokens set expires_at = now() - interval '1 second'`);
    expect(await verifySessionToken(db, token)).toBeNull();
  });
});

describe('credit ledgers', () => {
  it('applies a grant once per ledger key', async () => {
    const user = await ensureUser(db, 'grant@example.com');
    const grant = { userId: user.id, cents: 500, ledgerKey: 'checkout:1', kind: 'purchase' as const };
    expect(await grantPurchasedCredits(db, grant)).toEqual({ balanceCents: 500 });
    expect(await grantPurchasedCredits(db, grant)).toBeNull();
    expect((await readCreditBalance(db, user.id, 100)).purchasedCents).toBe(500);
  });

  it('never lets a debit take the balance below zero, and never counts a ledger key twice', async () => {
    const user = await ensureUser(db, 'debit@example.com');
    await grantPurchasedCredits(db, { userId: user.id, cents: 25, ledgerKey: 'g:debit', kind: 'grant' });
    expect(await debit(user.id, 10, 'd1')).toMatchObject({ balanceCents: 15 });
    expect(await debit(user.id, 10, 'd2')).toMatchObject({ balanceCents: 5 });
    expect(await debit(user.id, 10, 'd3')).toBeNull();
    await expect(debit(user.id, 1, 'd1')).rejects.toThrow();
    expect((await readCreditBalance(db, user.id, 100)).purchasedCents).toBe(5);
    await expect(
      db.query(`update credit_balances set purchased_cents = -1 where user_id = $1`, [user.id]),
    ).rejects.toThrow();
  });

  it('spends concurrently to exactly zero with a consistent ledger', async () => {
    const user = await ensureUser(db, 'concurrent@example.com');
    await grantPurchasedCredits(db, { userId: user.id, cents: 300, ledgerKey: 'g:concurrent', kind: 'grant' });
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => debit(user.id, 10, `c${i}`)));
    expect(results.filter(Boolean)).toHaveLength(30);
    const balance = await readCreditBalance(db, user.id, 100, new Date(), 1000);
    expect(balance.purchasedCents).toBe(0);
    expect(balance.recentEntries.reduce((sum, e) => sum + e.deltaCents, 0)).toBe(0);
  });

  it('caps the weekly allowance and keeps weeks apart', async () => {
    const user = await ensureUser(db, 'allowance@example.com');
    const spend = (key: string, weekStart: string) =>
      debitWeeklyAllowance(db, {
        userId: user.id,
        cents: 40,
        ledgerKey: key,
        description: 't',
        weekStart,
        weeklyLimitCents: 100,
      });
    expect(await spend('a1', '2026-11-16')).toMatchObject({ remainingCents: 60 });
    expect(await spend('a2', '2026-11-16')).toMatchObject({ remainingCents: 20 });
    expect(await spend('a3', '2026-11-16')).toBeNull();
    expect(await spend('a4', '2026-11-23')).toMatchObject({ remainingCents: 60 });
    expect(
      await debitWeeklyAllowance(db, {
        userId: user.id,
        cents: 150,
        ledgerKey: 'a5',
        description: 't',
        weekStart: '2026-11-30',
        weeklyLimitCents: 100,
      }),
    ).toBeNull();
  });

  it('refunds, once, a paid request debited ten minutes ago whose payment was never recorded (a crash between)', async () => {
    const user = await ensureUser(db, 'orphan@example.com');
    await grantPurchasedCredits(db, { userId: user.id, cents: 50, ledgerKey: 'g:orphan', kind: 'grant' });
    await debit(user.id, 10, 'request:orphan-old');
    await debit(user.id, 10, 'request:orphan-outbox');
    await db.query(`insert into payment_outbox (unique_key, record) values ('request:orphan-outbox', '{}'::jsonb)`);
    await debit(user.id, 10, 'request:orphan-recent');
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await refundOrphanedDebits(db, new Date())).toEqual([]);
    // The recent one is recent only against the real clock: eleven minutes on, every debit without a record is old.
    expect((await refundOrphanedDebits(db, later)).sort()).toEqual(['request:orphan-old', 'request:orphan-recent']);
    expect(await refundOrphanedDebits(db, later)).toEqual([]);
    expect((await readCreditBalance(db, user.id, 100)).purchasedCents).toBe(40);
  });

  it('refunds a debit once, as its own ledger entry', async () => {
    const user = await ensureUser(db, 'refund@example.com');
    await grantPurchasedCredits(db, { userId: user.id, cents: 30, ledgerKey: 'g:refund', kind: 'grant' });
    await debit(user.id, 10, 'r1');
    expect(await refundDebit(db, 'r1')).toBe(true);
    expect(await refundDebit(db, 'r1')).toBe(false);
    const balance = await readCreditBalance(db, user.id, 100);
    expect(balance.purchasedCents).toBe(30);
    expect(balance.recentEntries.map((e) => [e.kind, e.deltaCents, e.balanceAfterCents])).toEqual([
      ['refund', 10, 30],
      ['debit', -10, 20],
      ['grant', 30, 30],
    ]);
  });
});
