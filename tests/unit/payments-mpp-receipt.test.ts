import { Receipt } from 'mppx';
import { describe, expect, it } from 'vitest';
import { mppDelivery } from '@/lib/payments/mpp/pay';
import type { PaidOffer } from '@/lib/payments/offer';

const offer = { priceCents: 25 } as PaidOffer;

describe('mppDelivery', () => {
  it("records a settled MPP payment under its receipt's method and reference, and passes the receipt on", () => {
    const header = Receipt.serialize({
      method: 'tempo',
      reference: '0xabc123',
      status: 'success',
      timestamp: '2026-11-30T12:00:00.000Z',
    });
    expect(mppDelivery(offer, header)).toEqual({
      protocol: 'mpp',
      uniqueKey: 'mpp:tempo:0xabc123',
      amountCents: 25,
      method: 'tempo',
      reference: '0xabc123',
      headers: { 'Payment-Receipt': header },
    });
  });

  it('refuses a receipt it cannot read rather than record a payment without its identity', () => {
    expect(() => mppDelivery(offer, 'not-a-receipt')).toThrow();
  });
});
