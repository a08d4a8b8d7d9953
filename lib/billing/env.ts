import { z } from 'zod';

// Stripe refuses USD charges under $0.50.
const STRIPE_MINIMUM_CENTS = 50;

const packs = z
  .string()
  .transform((value) => value.split(',').map((part) => Number(part.trim())))
  .pipe(
    z
      .array(
        z
          .number()
          .int('must be whole cents')
          .min(STRIPE_MINIMUM_CENTS, `each pack must be at least ${STRIPE_MINIMUM_CENTS} cents (Stripe's minimum)`)
          .max(1_000_000),
      )
      .min(1)
      .max(6),
  );

/**
 * Credit packs sold on the dashboard (lib/env.ts is the reader). With STRIPE_SECRET_KEY set they are paid through
 * Stripe Checkout and granted by the webhook; without it, a labelled local test checkout grants them.
 */
export const BillingEnv = {
  // Pack prices in US cents; a pack grants as many cents of credits as it costs.
  CREDIT_PACKS_CENTS: packs.default([500, 1000, 2500]),
  // The signing secret of the /api/webhooks/stripe endpoint (whsec_...).
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
};
