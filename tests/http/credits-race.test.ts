import { describe, expect, it } from 'vitest';
import { createAccount, findPosts, operator, url } from '@/tests/helpers/paid';

describe('concurrent credit spending', () => {
  it('200 simultaneous requests against a balance for exactly 50 give exactly 50 answers and a zero balance', async () => {
    const { ready } = await findPosts();
    const { key } = await createAccount('race@example.com', 50 * 10);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await fetch(url(ready[0]!.path), { headers: { authorization: `Bearer ${key}` } });
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 403)).toHaveLength(150);

    const balance = await operator<{
      purchasedCents: number;
      recentEntries: Array<{ kind: string; deltaCents: number; balanceAfterCents: number }>;
    }>('balance', { email: 'race@example.com', entries: 1000 });
    expect(balance.purchasedCents).toBe(0);
    // The ledger agrees with the balance: one grant, 50 debits of 10, each leaving a distinct balance down to 0.
    const debits = balance.recentEntries.filter((e) => e.kind === 'debit');
    expect(balance.recentEntries).toHaveLength(51);
    expect(debits.every((e) => e.deltaCents === -10)).toBe(true);
    expect(debits.map((e) => e.balanceAfterCents).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i * 10),
    );
    expect(balance.recentEntries.reduce((sum, e) => sum + e.deltaCents, 0)).toBe(0);
    const { payments } = await operator<{ payments: Array<{ email: string | null; amountCents: number }> }>(
      'payments',
      { limit: 1000 },
    );
    expect(payments.filter((p) => p.email === 'race@example.com')).toHaveLength(50);
  }, 120_000);
});
