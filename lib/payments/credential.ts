/**
 * What a paid request presents, read from its headers. Exactly one credential is allowed: a request that carries
 * both a wallet payment and an Authorization credential is ambiguous and refused before anything is charged.
 */
export type PresentedCredential =
  | { kind: 'none' }
  | { kind: 'x402'; paymentSignature: string }
  | { kind: 'mpp'; authorization: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'invalid'; reason: string };

export function readCredential(headers: Headers): PresentedCredential {
  const authorization = headers.get('authorization')?.trim() ?? '';
  const paymentSignature = headers.get('payment-signature')?.trim() ?? '';
  if (paymentSignature && authorization) {
    return { kind: 'invalid', reason: 'Send either PAYMENT-SIGNATURE or Authorization, not both.' };
  }
  if (paymentSignature) return { kind: 'x402', paymentSignature };
  if (!authorization) return { kind: 'none' };

  const match = /^(\S+)\s+(.+)$/s.exec(authorization);
  const scheme = match?.[1]?.toLowerCase();
  const value = match?.[2]?.trim() ?? '';
  if (scheme === 'payment' && value) return { kind: 'mpp', authorization };
  if (scheme === 'bearer' && value) return { kind: 'bearer', token: value };
  return {
    kind: 'invalid',
    reason: 'Unsupported Authorization header: use "Bearer <API key or session token>" or "Payment <MPP credential>".',
  };
}
