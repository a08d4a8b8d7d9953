import { grantPurchasedCredits } from '@/lib/credits/grant';
import { reversePurchasedCredits } from '@/lib/credits/reverse';
import type { TableRow } from '@/lib/db/typed';
import type { Db, Queryable } from '@/lib/db/types';

/** The parts of Stripe's events we act on (the full objects carry far more). */
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

export type EventOutcome =
  | { action: 'granted'; userId: string; cents: number }
  | { action: 'reversed'; userId: string; cents: number; requestedCents: number }
  | { action: 'expired' }
  | { action: 'duplicate' }
  | { action: 'ignored'; reason: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const whole = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);
// Expandable fields arrive as an id or as the object itself.
const idOf = (value: unknown): string | null => text(value) ?? text((value as { id?: unknown } | null)?.id);

/**
 * Applies one Stripe event, once: the event id is recorded in the same transaction as its effect, so a replayed
 * event, or two deliveries of one event racing each other, change balances once. Both the webhook and the local
 * test checkout come through here.
 */
export async function applyStripeEvent(db: Db, event: StripeEventLike): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx.query<{ id: string }>(
      `insert into stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id`,
      [event.id, event.type],
    );
    if (!fresh) return { action: 'duplicate' };
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        // A completed session with a delayed method (bank debit) is not paid yet: its async_payment_succeeded is.
        if (object.payment_status !== 'paid') return { action: 'ignored', reason: 'payment not completed yet' };
        return grantPurchase(tx, text(object.id), idOf(object.payment_intent), whole(object.amount_total));
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        await tx.query(
          `update credit_purchases set status = 'expired' where checkout_session_id = $1 and status = 'open'`,
          [text(object.id)],
        );
        return { action: 'expired' };
      case 'charge.refunded':
        return reversePurchase(tx, event.id, idOf(object.payment_intent), (p) =>
          Math.round((p.creditsCents * whole(object.amount_refunded)) / p.amountCents),
        );
      case 'charge.dispute.closed':
        if (object.status !== 'lost') return { action: 'ignored', reason: `dispute ${String(object.status)}` };
        return reversePurchase(tx, event.id, idOf(object.payment_intent), (p) => p.creditsCents);
      default:
        return { action: 'ignored', reason: `event type ${event.type} is not used` };
    }
  });
}

async function grantPurchase(
  tx: Queryable,
  sessionId: string | null,
  paymentIntentId: string | null,
  amountTotal: number,
): Promise<EventOutcome> {
  const [purchase] = await tx.query<Pick<TableRow<'credit_purchases'>, 'user_id' | 'amount_cents' | 'credits_cents'>>(
    `update credit_purchases set status = 'paid', paid_at = coalesce(paid_at, now()),
            payment_intent_id = coalesce(payment_intent_id, $2)
      where checkout_session_id = $1 returning user_id, amount_cents, credits_cents`,
    [sessionId, paymentIntentId],
  );
  if (!purchase) return { action: 'ignored', reason: 'no purchase opened by this service for that session' };
  // What was paid must be what the pack costs; anything else is investigated, not credited.
  if (amountTotal !== Number(purchase.amount_cents))
    return { action: 'ignored', reason: `paid ${amountTotal} cents for a ${purchase.amount_cents}-cent pack` };
  const cents = Number(purchase.credits_cents);
  await grantPurchasedCredits(tx, {
    userId: purchase.user_id,
    cents,
    // The session id, not the event id: completed and async_payment_succeeded of one session credit once.
    ledgerKey: `checkout:${sessionId}`,
    kind: 'purchase',
    description: `credit pack, checkout ${sessionId}`,
  });
  return { action: 'granted', userId: purchase.user_id, cents };
}

interface PurchaseAmounts {
  amountCents: number;
  creditsCents: number;
}

async function reversePurchase(
  tx: Queryable,
  eventId: string,
  paymentIntentId: string | null,
  reversedTotal: (purchase: PurchaseAmounts) => number,
): Promise<EventOutcome> {
  const [purchase] = await tx.query<
    Pick<
      TableRow<'credit_purchases'>,
      'checkout_session_id' | 'user_id' | 'amount_cents' | 'credits_cents' | 'reversed_cents'
    >
  >(
    `select checkout_session_id, user_id, amount_cents, credits_cents, reversed_cents from credit_purchases
      where payment_intent_id = $1 and status = 'paid' for update`,
    [paymentIntentId],
  );
  if (!purchase) return { action: 'ignored', reason: 'no paid purchase for that payment' };
  const amounts = { amountCents: Number(purchase.amount_cents), creditsCents: Number(purchase.credits_cents) };
  // Refund events carry the total refunded so far: what is owed back is that, less what earlier events took.
  const target = Math.min(amounts.creditsCents, reversedTotal(amounts));
  const requestedCents = target - Number(purchase.reversed_cents);
  if (requestedCents <= 0) return { action: 'ignored', reason: 'already reversed' };
  await tx.query(`update credit_purchases set reversed_cents = $2 where checkout_session_id = $1`, [
    purchase.checkout_session_id,
    target,
  ]);
  const cents = await reversePurchasedCredits(tx, {
    userId: purchase.user_id,
    cents: requestedCents,
    ledgerKey: `stripe-event:${eventId}`,
    description: `reversed: checkout ${purchase.checkout_session_id} refunded or disputed`,
  });
  return { action: 'reversed', userId: purchase.user_id, cents, requestedCents };
}
