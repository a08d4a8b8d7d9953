import type { Db } from '@/lib/db/types';
import { findPurchase } from './checkout';
import { applyStripeEvent } from './stripe-events';

/**
 * Pays a local test checkout (the embedded default has no Stripe): it is applied as the very event Stripe would send
 * for a paid Checkout Session, through applyStripeEvent, so the local path and the webhook grant credits the same
 * way. The event id derives from the checkout, so paying twice (a double click) credits once.
 */
export async function completeLocalCheckout(
  db: Db,
  userId: string,
  checkoutId: string,
): Promise<'paid' | 'already-paid' | 'not-found'> {
  const purchase = await findPurchase(db, userId, checkoutId);
  if (purchase?.processor !== 'local') return 'not-found';
  if (purchase.status !== 'open') return 'already-paid';
  const outcome = await applyStripeEvent(db, {
    id: `evt_local_${purchase.id}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: purchase.id,
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: `pi_local_${purchase.id.slice('cs_local_'.length)}`,
        amount_total: purchase.amountCents,
      },
    },
  });
  return outcome.action === 'granted' ? 'paid' : 'already-paid';
}
