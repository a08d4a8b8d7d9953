import { randomBytes } from 'node:crypto';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { env } from '@/lib/env';
import type { CreditPack } from './packs';
import { stripeClient } from './stripe-client';

export type CheckoutProcessor = 'stripe' | 'local';

/** Stripe Checkout when a Stripe key is configured; otherwise the embedded default's labelled local test checkout. */
export function checkoutProcessor(): CheckoutProcessor {
  return env().STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

/**
 * Opens a checkout for a credit pack and records it as an open purchase; returns where to send the buyer. The
 * purchase row, not anything the payment processor echoes back, decides who is credited and how much.
 */
export async function openCheckout(
  db: Queryable,
  input: { userId: string; email: string; pack: CreditPack; origin: string },
): Promise<{ id: string; url: string }> {
  const { userId, email, pack, origin } = input;
  if (checkoutProcessor() === 'local') {
    const id = `cs_local_${randomBytes(16).toString('hex')}`;
    await recordOpenPurchase(db, { id, userId, pack, processor: 'local' });
    return { id, url: `${origin}/account/credits/checkout/${id}` };
  }
  const config = env();
  const stripe = stripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_BASE_URL ?? null);
  const metadata = { user_id: userId, pack_id: pack.id };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer_email: email,
    client_reference_id: userId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: pack.amountCents,
          product_data: { name: `Research API credits: $${(pack.creditsCents / 100).toFixed(2)}` },
        },
      },
    ],
    metadata,
    // Refunds and disputes arrive about the charge, so the payment carries the same reference.
    payment_intent_data: { metadata },
    success_url: `${origin}/account/credits?checkout=success`,
    cancel_url: `${origin}/account/credits?checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  await recordOpenPurchase(db, { id: session.id, userId, pack, processor: 'stripe' });
  return { id: session.id, url: session.url };
}

async function recordOpenPurchase(
  db: Queryable,
  input: { id: string; userId: string; pack: CreditPack; processor: CheckoutProcessor },
): Promise<void> {
  await db.query(
    `insert into credit_purchases (checkout_session_id, user_id, pack_id, amount_cents, credits_cents, processor)
     values ($1, $2, $3, $4, $5, $6)`,
    [input.id, input.userId, input.pack.id, input.pack.amountCents, input.pack.creditsCents, input.processor],
  );
}

export interface OpenPurchase {
  id: string;
  packId: string;
  amountCents: number;
  creditsCents: number;
  processor: CheckoutProcessor;
  status: 'open' | 'paid' | 'expired';
}

/** One of this user's purchases (another user's id gives null). */
export async function findPurchase(db: Queryable, userId: string, id: string): Promise<OpenPurchase | null> {
  const row = await typed(db)
    .selectFrom('credit_purchases')
    .select(['checkout_session_id', 'pack_id', 'amount_cents', 'credits_cents', 'processor', 'status'])
    .$narrowType<{ processor: CheckoutProcessor; status: OpenPurchase['status'] }>()
    .where('checkout_session_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        id: row.checkout_session_id,
        packId: row.pack_id,
        amountCents: Number(row.amount_cents),
        creditsCents: Number(row.credits_cents),
        processor: row.processor,
        status: row.status,
      }
    : null;
}
