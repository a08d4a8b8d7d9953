import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { debitPurchasedCredits } from '@/lib/credits/debit';
import { type Delivery, deliver } from '@/lib/payments/deliver';
import { DuplicatePaymentError, recordPayment } from '@/lib/payments/record';
import {
  openPaymentFixture,
  type PaymentFixture,
  RESOURCE,
  reconciliationEntry,
  request,
} from '@/tests/helpers/payment-fixture';

// deliver called directly against a real database: what happens to the money when recording or answering fails.
let f: PaymentFixture;

beforeAll(async () => {
  f = await openPaymentFixture();
});

afterAll(async () => {
  await f.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const PAYER = `0x${'33'.repeat(20)}`;
const REFERENCE = `0x${'cd'.repeat(32)}`;
const x402Key = () => `x402:eip155:84532:0x${randomBytes(32).toString('hex')}`;
const wallet = (uniqueKey: string): Delivery => ({
  protocol: 'x402',
  uniqueKey,
  amountCents: 10,
  method: 'exact',
  network: 'eip155:84532',
  payer: PAYER,
  reference: REFERENCE,
  headers: { 'PAYMENT-RESPONSE': 'the receipt' },
});

describe('deliver', () => {
  it('records a wallet payment as delivered and sends its receipt header with the answer', async () => {
    const uniqueKey = x402Key();
    const response = await deliver(f.db, request(), f.offer(), wallet(uniqueKey));
    expect(response.status).toBe(200);
    expect(response.headers.get('payment-response')).toBe('the receipt');
    expect((await response.json()).paymentInfo).toEqual({ amountUsd: '0.10', protocol: 'x402' });
    expect(await f.paymentByKey(uniqueKey)).toEqual([
      { protocol: 'x402', delivered: true, failure: null, reference: REFERENCE },
    ]);
  });

  it('refuses a credit payment whose key was already recorded, and refunds its debit', async () => {
    const { userId } = await f.customer(25);
    const ledgerKey = `request:${randomUUID()}`;
    await debitPurchasedCredits(f.db, { userId, cents: 10, ledgerKey, description: 'test' });
    await recordPayment(f.db, f.offer(), {
      protocol: 'credits',
      uniqueKey: ledgerKey,
      amountCents: 10,
      httpMethod: 'GET',
      delivered: true,
    });
    const delivery: Delivery = {
      protocol: 'credits',
      uniqueKey: ledgerKey,
      amountCents: 10,
      spendSource: 'purchased',
      userId,
      refundLedgerKey: ledgerKey,
    };
    await expect(deliver(f.db, request(), f.offer(), delivery)).rejects.toBeInstanceOf(DuplicatePaymentError);
    expect(await f.purchased(userId)).toBe(25);
    expect(await f.ledger(userId)).toEqual([
      ['refund', 10],
      ['debit', -10],
      ['grant', 25],
    ]);
  });

  it('does not refund a settled wallet payment it cannot record: it logs every detail to reconcile it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const uniqueKey = x402Key();
    const refundsBefore = await f.refunds();
    await expect(deliver(f.db, request(), f.unrecordable(), wallet(uniqueKey))).rejects.toThrow();
    expect(await f.paymentByKey(uniqueKey)).toEqual([]);
    expect(reconciliationEntry(log)).toMatchObject({
      protocol: 'x402',
      uniqueKey,
      amountCents: 10,
      network: 'eip155:84532',
      payer: PAYER,
      reference: REFERENCE,
      resource: RESOURCE,
    });
    expect(await f.refunds()).toBe(refundsBefore);
  });

  it('keeps a settled wallet payment whose answer cannot be built as undelivered, with its failure', async () => {
    const uniqueKey = x402Key();
    const refundsBefore = await f.refunds();
    const broken = f.offer({
      respond: () => {
        throw new Error('no answer');
      },
    });
    await expect(deliver(f.db, request(), broken, wallet(uniqueKey))).rejects.toThrow('no answer');
    expect(await f.paymentByKey(uniqueKey)).toEqual([
      { protocol: 'x402', delivered: false, failure: 'no answer', reference: REFERENCE },
    ]);
    expect(await f.refunds()).toBe(refundsBefore);
  });
});
