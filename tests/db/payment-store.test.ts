import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimKey, isClaimed, postgresPaymentStore, releaseKey } from '@/lib/payments/replay-store';
import { closeTestAppContext, openTestAppContext } from '@/tests/helpers/app-context';
import { suiteDatabase } from '@/tests/helpers/suite-database';

// The store reaches the database through getDb(), as in the service; point it at a fresh test database.
const db = suiteDatabase();

beforeAll(async () => {
  await openTestAppContext(db);
});

afterAll(async () => {
  await closeTestAppContext();
});

describe('shared payment store', () => {
  it('lets a replay key be claimed once until it expires', async () => {
    const store = postgresPaymentStore();
    expect(await store.tryClaim!('mppx:charge:0xabc', Date.now() + 60_000)).toBe(true);
    expect(await store.tryClaim!('mppx:charge:0xabc', Date.now() + 60_000)).toBe(false);
    expect(await store.tryClaim!('mppx:charge:0xold', Date.now() - 1)).toBe(true);
    expect(await store.tryClaim!('mppx:charge:0xold', Date.now() + 60_000)).toBe(true);
  });

  it('keeps values with bigints and applies concurrent updates one at a time', async () => {
    const store = postgresPaymentStore();
    await store.put('mppx:charge:budget', { total: 5n, nested: { at: 1 } });
    expect(await store.get('mppx:charge:budget')).toEqual({ total: 5n, nested: { at: 1 } });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.update('mppx:charge:counter', (current: unknown) => ({
          op: 'set',
          value: ((current as number | null) ?? 0) + 1,
          result: null,
        })),
      ),
    );
    expect(await store.get('mppx:charge:counter')).toBe(20);
    await store.delete('mppx:charge:counter');
    expect(await store.get('mppx:charge:counter')).toBeNull();
  });

  it('claims and releases x402 nonces', async () => {
    const until = new Date(Date.now() + 60_000);
    expect(await claimKey('x402:eip155:84532:0x01', {}, until)).toBe(true);
    expect(await isClaimed('x402:eip155:84532:0x01')).toBe(true);
    expect(await claimKey('x402:eip155:84532:0x01', {}, until)).toBe(false);
    await releaseKey('x402:eip155:84532:0x01');
    expect(await isClaimed('x402:eip155:84532:0x01')).toBe(false);
  });
});
