import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { Challenge, Credential, Mcp, Receipt } from 'mppx';

/**
 * The two wallet protocols' MCP bindings, mapped onto the HTTP headers our paid routes already speak, so a paid tool
 * is the paid route (one sellOffer path) with a different envelope:
 * - MPP (mppx's JSON-RPC binding): the credential arrives in `_meta["org.paymentauth/credential"]` and is sent on as
 *   `Authorization: Payment …`; challenges go back in `_meta["org.paymentauth/payment-required"]`, the receipt in
 *   `_meta["org.paymentauth/receipt"]`.
 * - x402 v2 (coinbase/x402 specs/transports-v2/mcp.md): the PaymentPayload arrives in `_meta["x402/payment"]` and is
 *   sent on as `PAYMENT-SIGNATURE`; PaymentRequired goes back in the error result's `x402/error` text (not as
 *   structuredContent, which must match the tool's output schema: lib/mcp/tool-result.ts), the settlement in
 *   `_meta["x402/payment-response"]`.
 */
export const X402_PAYMENT_META = 'x402/payment';
export const X402_PAYMENT_RESPONSE_META = 'x402/payment-response';

/** The payment credential of a tool call as HTTP headers for the paid route; null when there is none. */
export function paymentHeadersFromMeta(meta: Record<string, unknown> | undefined): {
  headers: Record<string, string>;
  mppChallengeId?: string;
} | null {
  const mpp = meta?.[Mcp.credentialMetaKey];
  if (mpp && typeof mpp === 'object') {
    const credential = mpp as Credential.Credential;
    return {
      headers: { authorization: Credential.serialize(credential) },
      mppChallengeId: credential.challenge?.id,
    };
  }
  const x402 = meta?.[X402_PAYMENT_META];
  if (x402 && typeof x402 === 'object') {
    return { headers: { 'payment-signature': encodePaymentSignatureHeader(x402 as PaymentPayload) } };
  }
  return null;
}

/** Our own note of what a paid call was charged (the REST answer's X-Payment-* headers), for every protocol. */
export const PAYMENT_META = 'finpub/payment';

/** What a paid answer's headers say about its payment, as the result's `_meta`. */
export function paymentResultMeta(response: Response, mppChallengeId?: string): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  const amountUsd = response.headers.get('x-payment-amount-usd');
  const protocol = response.headers.get('x-payment-protocol');
  if (amountUsd && protocol) meta[PAYMENT_META] = { amountUsd, protocol };
  const receipt = response.headers.get('payment-receipt');
  if (receipt) meta[Mcp.receiptMetaKey] = { ...Receipt.deserialize(receipt), challengeId: mppChallengeId ?? '' };
  const settlement = response.headers.get('payment-response');
  if (settlement) meta[X402_PAYMENT_RESPONSE_META] = decodePaymentResponseHeader(settlement);
  return meta;
}

/** The route's 402, as both protocols' MCP forms: x402's PaymentRequired and MPP's challenges. */
export function paymentRequiredParts(response: Response, problem: Record<string, unknown>) {
  const requiredHeader = response.headers.get('payment-required');
  const x402 = requiredHeader ? decodePaymentRequiredHeader(requiredHeader) : null;
  const settlementHeader = response.headers.get('payment-response');
  const settlement = settlementHeader ? decodePaymentResponseHeader(settlementHeader) : null;
  const wwwAuthenticate = response.headers.get('www-authenticate');
  const challenges = wwwAuthenticate ? Challenge.deserializeList(wwwAuthenticate) : [];
  return {
    x402: x402 && settlement ? { ...x402, [X402_PAYMENT_RESPONSE_META]: settlement } : x402,
    mpp: challenges.length > 0 ? { httpStatus: 402, challenges, problem } : null,
  };
}
