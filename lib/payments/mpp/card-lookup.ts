import type { Credential } from 'mppx';
import type Stripe from 'stripe';
import { stripeClient } from '@/lib/billing/stripe-client';
import type { PaymentSetup } from '@/lib/payments/setup';

type StripeSetup = NonNullable<NonNullable<PaymentSetup['mpp']>['stripe']>;

export type CardLookup = { kind: 'charged'; paymentIntent: string } | { kind: 'unknown'; reason: string };

/**
 * Asks Stripe, without charging anything, for the PaymentIntent a card credential paid: mppx tags each one it
 * creates with its challenge id (metadata `mpp_challenge_id`), and a credential names its challenge and its token.
 * A succeeded one of the price, for this token when Stripe shows it, means the card was charged. Nothing found is
 * not proof of nothing charged (Stripe's search can lag behind by a minute or more), so it stays unknown.
 */
export async function findCardPayment(
  credential: Credential.Credential,
  amountCents: number,
  stripe: StripeSetup | null,
): Promise<CardLookup> {
  if (!stripe) return { kind: 'unknown', reason: 'card charge: no Stripe configured to ask' };
  const challengeId = credential.challenge.id;
  // Challenge ids are base64url; anything else would not be a safe search term.
  if (!/^[\w-]+$/.test(challengeId)) return { kind: 'unknown', reason: 'card charge: unsearchable challenge id' };
  const spt = (credential.payload as { spt?: string }).spt;
  let found: Stripe.ApiSearchResult<Stripe.PaymentIntent>;
  try {
    found = await stripeClient(stripe.secretKey, stripe.apiBaseUrl).paymentIntents.search({
      query: `metadata['mpp_challenge_id']:'${challengeId}'`,
    });
  } catch (error) {
    return { kind: 'unknown', reason: `card charge: Stripe not asked: ${(error as Error).message}` };
  }
  const paid = found.data.find(
    (intent) =>
      intent.status === 'succeeded' &&
      intent.amount === amountCents &&
      [undefined, null, spt].includes(
        (intent as { shared_payment_granted_token?: string | null }).shared_payment_granted_token,
      ),
  );
  return paid
    ? { kind: 'charged', paymentIntent: paid.id }
    : { kind: 'unknown', reason: 'card charge: no succeeded PaymentIntent found at Stripe (yet)' };
}
