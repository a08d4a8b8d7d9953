import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ensureUser } from '@/lib/accounts/users/ensure';
import { findPurchase, openCheckout } from '@/lib/billing/checkout';
import { completeLocalCheckout } from '@/lib/billing/local-checkout';
import { applyStripeEvent, type StripeEventLike } from '@/lib/billing/stripe-events';
import { readCreditBalance } from '@/lib/credits/balance';
import { debitPurchasedCredits } from '@/lib/credits/debit';
import { suiteDatabase } from '@/tests/helpers/suite-database';

const db = suiteDatabase();

const PACK = { id: 'pack_500', amountCents: 500, creditsCents: 500 };
const purchased = async (userId: string) => (await readCreditBalance(db, userId, 100)).purchasedCents;
const eventId = () => `evt_${randomBytes(8).toString('hex')}`;

/** A user with an open checkout for a $5 pack, as the dashboard's Buy button leaves it. */
async function openPurchase() {
  const user = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
  // No STRIPE_SECRET_KEY in the test environment: the local checkout opens, and its row is what Stripe's would be.
  const checkout = await openCheckout(db, { userId: user.id, email: user.email, pack: PACK, origin: 'http://x' });
  return { userId: user.id, sessionId: checkout.id, paymentIntent: `pi_${checkout.id}` };
}

const completed = (sessionId: string, paymentIntent: string, overrides: Record<string, unknown> = {}) =>
  ({
    id: eventId(),
    type: 'checkout.session.completed',
    data: {
      object: { id: sessionId, payment_status: 'paid', payment_intent: paymentIntent, amount_total: 500, ...overrides },
    },
  }) satisfies StripeEventLike;

describe('Stripe events', () => {
  it('grants a paid checkout once, however often and by whichever event it arrives', async () => {
    const p = await openPurchase();
    const event = completed(p.sessionId, p.paymentIntent);
    expect(await applyStripeEvent(db, event)).toEqual({ action: 'granted', userId: p.userId, cents: 500 });
    expect(await applyStripeEvent(db, event)).toEqual({ action: 'duplicate' });
    // A second event about the same session (async_payment_succeeded after completed) credits nothing more.
    await applyStripeEvent(db, {
      ...completed(p.sessionId, p.paymentIntent),
      type: 'checkout.session.async_payment_succeeded',
    });
    expect(await purchased(p.userId)).toBe(500);
    expect((await findPurchase(db, p.userId, p.sessionId))?.status).toBe('paid');
  });

  it('credits one of two concurrent deliveries of the same event', async () => {
    const p = await openPurchase();
    const event = completed(p.sessionId, p.paymentIntent);
    const outcomes = await Promise.all([applyStripeEvent(db, event), applyStripeEvent(db, event)]);
    expect(outcomes.map((o) => o.action).sort()).toEqual(['duplicate', 'granted']);
    expect(await purchased(p.userId)).toBe(500);
  });

  it('waits for delayed payments, and refuses sessions it did not open or amounts that differ', async () => {
    const p = await openPurchase();
    expect(
      await applyStripeEvent(db, completed(p.sessionId, p.paymentIntent, { payment_status: 'unpaid' })),
    ).toMatchObject({
      action: 'ignored',
    });
    expect(await applyStripeEvent(db, completed('cs_unknown', 'pi_unknown'))).toMatchObject({ action: 'ignored' });
    expect(await applyStripeEvent(db, completed(p.sessionId, p.paymentIntent, { amount_total: 50 }))).toMatchObject({
      action: 'ignored',
    });
    expect(await purchased(p.userId)).toBe(0);
    const succeeded = { ...completed(p.sessionId, p.paymentIntent), type: 'checkout.session.async_payment_succeeded' };
    expect(await applyStripeEvent(db, succeeded)).toMatchObject({ action: 'granted', cents: 500 });
  });

  it('reverses refunds in proportion and lost disputes in full, never below zero', async () => {
    const p = await openPurchase();
    await applyStripeEvent(db, completed(p.sessionId, p.paymentIntent));
    const refunded = (amountRefunded: number) => ({
      id: eventId(),
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', payment_intent: p.paymentIntent, amount: 500, amount_refunded: amountRefunded } },
    });
    // A partial refund of $2, then the rest: each event carries the total refunded so far.
    expect(await applyStripeEvent(db, refunded(200))).toMatchObject({ action: 'reversed', cents: 200 });
    expect(await purchased(p.userId)).toBe(300);
    await debitPurchasedCredits(db, { userId: p.userId, cents: 250, ledgerKey: eventId(), description: 'spent' });
    // $3 more is owed back, but only $0.50 is left: that is taken, the rest stays spent.
    expect(await applyStripeEvent(db, refunded(500))).toMatchObject({
      action: 'reversed',
      cents: 50,
      requestedCents: 300,
    });
    expect(await purchased(p.userId)).toBe(0);
    expect(await applyStripeEvent(db, refunded(500))).toMatchObject({ action: 'ignored' });
    const ledger = (await readCreditBalance(db, p.userId, 100)).recentEntries.map((e) => [e.kind, e.deltaCents]);
    expect(ledger).toEqual([
      ['reversal', -50],
      ['debit', -250],
      ['reversal', -200],
      ['purchase', 500],
    ]);
  });

  it('reverses a lost dispute and ignores a won one', async () => {
    const p = await openPurchase();
    await applyStripeEvent(db, completed(p.sessionId, p.paymentIntent));
    const dispute = (status: string) => ({
      id: eventId(),
      type: 'charge.dispute.closed',
      data: { object: { id: 'dp_1', status, payment_intent: p.paymentIntent, amount: 500 } },
    });
    expect(await applyStripeEvent(db, dispute('won'))).toMatchObject({ action: 'ignored' });
    expect(await purchased(p.userId)).toBe(500);
    expect(await applyStripeEvent(db, dispute('lost'))).toMatchObject({ action: 'reversed', cents: 500 });
    expect(await purchased(p.userId)).toBe(0);
  });

  it('marks expired checkouts and ignores event types it does not use', async () => {
    const p = await openPurchase();
    await applyStripeEvent(db, {
      id: eventId(),
      type: 'checkout.session.expired',
      data: { object: { id: p.sessionId } },
    });
    expect((await findPurchase(db, p.userId, p.sessionId))?.status).toBe('expired');
    expect(await applyStripeEvent(db, { id: eventId(), type: 'customer.created', data: { object: {} } })).toMatchObject(
      {
        action: 'ignored',
      },
    );
  });
});

describe('the local test checkout', () => {
  it('grants through the Stripe event path, once, and only to the user who opened it', async () => {
    const p = await openPurchase();
    const stranger = await ensureUser(db, `${randomBytes(6).toString('hex')}@example.com`);
    expect(await completeLocalCheckout(db, stranger.id, p.sessionId)).toBe('not-found');
    expect(await completeLocalCheckout(db, p.userId, p.sessionId)).toBe('paid');
    expect(await completeLocalCheckout(db, p.userId, p.sessionId)).toBe('already-paid');
    expect(await purchased(p.userId)).toBe(500);
    expect(await purchased(stranger.id)).toBe(0);
    const [event] = await db.query<{ type: string }>(`select type from stripe_events where id = $1`, [
      `evt_local_${p.sessionId}`,
    ]);
    expect(event?.type).toBe('checkout.session.completed');
  });
});
