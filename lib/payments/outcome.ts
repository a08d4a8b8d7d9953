import type { ApiError } from '@/lib/api/errors';
import type { ChallengeExtras } from './challenge';
import type { Delivery } from './deliver';

/**
 * What a payment adapter (bearer credits, x402, MPP) decided about the credential presented. Adapters return it and
 * never throw to answer; sellOffer turns it into the response, and is the only caller of deliver:
 * - paid: the money moved (a credit debit, a settled wallet payment, or the operator's free pass); deliver records it
 *   and sends the content.
 * - answered: the adapter answered itself, and the response is sent as it is. An x402 voucher: counted and its sale
 *   recorded in one transaction, after the answer was built (counting it moves no money, so the answer comes first
 *   and a failure to build it charges nothing). An x402 refund request: the payer's unspent deposit given back, no
 *   content sold.
 * - refused: nothing was charged; answer 402 with a fresh challenge, plus why the credential was refused.
 * - rejected: a bearer credential that is unknown or does not cover the price, or an Authorization header we cannot
 *   read. The client chose credits, so it gets the API's error body (401 `unauthorized`, 403 `insufficient_credits`)
 *   rather than a 402 challenge for wallets.
 */
export type PaymentOutcome =
  | { kind: 'paid'; delivery: Delivery }
  | { kind: 'answered'; response: Response }
  | { kind: 'refused'; challenge: ChallengeExtras }
  | { kind: 'rejected'; error: ApiError };

/** A refusal with a reason shown to the client (problem detail and PAYMENT-REQUIRED.error). */
export function refused(refusal: string, extras: Omit<ChallengeExtras, 'refusal'> = {}): PaymentOutcome {
  return { kind: 'refused', challenge: { refusal, ...extras } };
}

/**
 * Names the channel action an `answered` response carried out instead of selling (an MPP session's close or top-up,
 * an x402 batch-settlement refund): its body is a short acknowledgement, not the offer's content, so an envelope
 * that expects the content (an MCP tool's output schema) can tell the two apart.
 */
export const CHANNEL_ACTION_HEADER = 'X-Payment-Channel-Action';
