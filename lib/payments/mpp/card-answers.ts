import { AsyncLocalStorage } from 'node:async_hooks';
import Stripe from 'stripe';

/**
 * What Stripe answered the PaymentIntent request mppx's card method (stripe.charge) made, after the SDK's own
 * retries. mppx turns every answer but a fresh success into one refusal ("Payment has already been processed." for a
 * replayed success, "Stripe PaymentIntent failed: …" for a decline or a lost connection alike), so whether the card
 * was charged is read here, from Stripe's answer itself.
 * - intent: the PaymentIntent, created now or replayed (mppx's idempotency key, `mpp_<challenge id>_<token>`, makes
 *   the same credential's every attempt the same request at Stripe, which answers a repeat with the first result);
 * - declined: Stripe decided this request and charged nothing (a card error, an invalid request);
 * - unknown: no answer, or one that does not say (5xx, a conflict with a request still running, an idempotency
 *   error: the key was used before with other parameters, so an earlier request may have charged).
 */
export type StripeAnswer =
  | { kind: 'intent'; id: string; status: string }
  | { kind: 'declined'; reason: string }
  | { kind: 'unknown'; reason: string };

const answers = new AsyncLocalStorage<{ answer: StripeAnswer | null }>();

/** The Stripe client mppx is given: the SDK's, untouched, except that each PaymentIntent answer is noted. */
export function answerNotingStripeClient(client: Stripe) {
  return {
    paymentIntents: {
      async create(params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) {
        const noted = answers.getStore();
        try {
          const intent = await client.paymentIntents.create(params, options);
          if (noted) noted.answer = { kind: 'intent', id: intent.id, status: intent.status };
          return intent;
        } catch (error) {
          if (noted) noted.answer = answerOf(error);
          throw error;
        }
      },
    },
  };
}

/** Runs one mppx charge and keeps Stripe's answer to it (null: Stripe was not asked, or did not execute the request). */
export function stripeAnswerOf() {
  const noted: { answer: StripeAnswer | null } = { answer: null };
  return {
    run: <T>(charge: () => Promise<T>) => answers.run(noted, charge),
    get answer() {
      return noted.answer;
    },
  };
}

function answerOf(error: unknown): StripeAnswer | null {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
    return { kind: 'declined', reason };
  }
  // Refused before Stripe executed anything (bad key, no permission, rate limited): as if it was not asked.
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return null;
  }
  return { kind: 'unknown', reason };
}

/** What a card charge that mppx did not answer with 200 means for the payer's money. */
export type ChargeVerdict =
  | { kind: 'charged'; paymentIntent: string }
  | { kind: 'not charged' }
  | { kind: 'unknown'; reason: string };

/**
 * Stripe's answer read for the money. Without one (mppx refused first, e.g. an expired challenge), nothing was
 * charged by this attempt, but an earlier attempt of the same credential (its row still pending) may have been: then
 * it is unknown, for Stripe to be asked.
 */
export function cardVerdict(answer: StripeAnswer | null, earlierAttemptOpen: boolean): ChargeVerdict {
  if (!answer) {
    return earlierAttemptOpen
      ? { kind: 'unknown', reason: 'card charge: an earlier attempt may have reached Stripe' }
      : { kind: 'not charged' };
  }
  if (answer.kind === 'declined') return { kind: 'not charged' };
  if (answer.kind === 'unknown') return { kind: 'unknown', reason: `card charge: ${answer.reason}` };
  if (answer.status === 'succeeded') return { kind: 'charged', paymentIntent: answer.id };
  if (answer.status === 'requires_payment_method' || answer.status === 'canceled') return { kind: 'not charged' };
  return { kind: 'unknown', reason: `card charge: PaymentIntent ${answer.id} is ${answer.status}` };
}
