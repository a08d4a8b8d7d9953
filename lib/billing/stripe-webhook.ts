import Stripe from 'stripe';
import { ApiError } from '@/lib/api/errors';
import type { StripeEventLike } from './stripe-events';

// Signature checking needs no API key; the SDK's webhook helpers are what Stripe documents for it.
const webhooks = Stripe.webhooks;

/**
 * The event in a webhook body, after the SDK checked its Stripe-Signature header against the endpoint secret
 * (and the timestamp against replays older than five minutes). Anything else is 400 invalid_signature.
 */
export function verifyStripeWebhook(body: Buffer, signature: string | null, secret: string): StripeEventLike {
  if (!signature) throw invalidSignature('The Stripe-Signature header is missing.');
  try {
    const event = webhooks.constructEvent(body, signature, secret);
    return event as unknown as StripeEventLike;
  } catch (error) {
    const type = (error as { type?: unknown })?.type;
    if (type === 'StripeSignatureVerificationError') throw invalidSignature('The Stripe-Signature does not verify.');
    // A verified signature over a body that is not an event.
    throw new ApiError({ code: 'invalid_body', message: 'The webhook body is not a Stripe event.' });
  }
}

function invalidSignature(message: string): ApiError {
  return new ApiError({ code: 'invalid_signature', message });
}
