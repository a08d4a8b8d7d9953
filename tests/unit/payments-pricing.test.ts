import { describe, expect, it } from 'vitest';
import { allowanceWeekStart } from '@/lib/credits/week';
import { centsToUsd, postPriceCents, splitShares, stockPicksPriceCents } from '@/lib/payments/pricing';

describe('prices', () => {
  it('uses a stored post price, else the default, always within $0.10-$10.00', () => {
    expect(postPriceCents(null, 10)).toBe(10);
    expect(postPriceCents(35, 10)).toBe(35);
    expect(postPriceCents(5, 10)).toBe(10);
    expect(postPriceCents(5000, 10)).toBe(1000);
  });

  it('prices stock picks per distinct article, clamped to the advertised range', () => {
    expect(stockPicksPriceCents(1, 10)).toBe(10);
    expect(stockPicksPriceCents(7, 10)).toBe(70);
    expect(stockPicksPriceCents(1, 5)).toBe(10);
    expect(stockPicksPriceCents(250, 10)).toBe(1000);
  });

  it('splits a price into shares that add up exactly', () => {
    expect(splitShares(70, 7)).toEqual([10, 10, 10, 10, 10, 10, 10]);
    expect(splitShares(1000, 3)).toEqual([334, 333, 333]);
    for (const [total, n] of [
      [1000, 250],
      [10, 3],
      [999, 7],
    ] as const) {
      const shares = splitShares(total, n);
      expect(shares).toHaveLength(n);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('writes amounts as decimal USD text', () => {
    expect([0, 5, 10, 99, 100, 1000, 1234].map(centsToUsd)).toEqual([
      '0.00',
      '0.05',
      '0.10',
      '0.99',
      '1.00',
      '10.00',
      '12.34',
    ]);
    expect([-5, -10, -1234].map(centsToUsd)).toEqual(['-0.05', '-0.10', '-12.34']);
  });
});

describe('allowance weeks', () => {
  it('start on Monday 00:00 UTC', () => {
    expect(allowanceWeekStart(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16'); // Sunday
    expect(allowanceWeekStart(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // Monday
    expect(allowanceWeekStart(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28'); // across the year end
    expect(allowanceWeekStart(new Date('2028-03-01T00:00:00Z'))).toBe('2028-02-28'); // leap year
  });
});
