/**
 * Advisory payment offers for discovery (OpenAPI `x-payment-info`). Amounts are floors in each method's smallest unit:
 * 100000 = 0.10 of a 6-decimal stablecoin, 50 = 50 US cents (Stripe's card minimum). The 402 challenge a request
 * receives is authoritative.
 */
export const PAYMENT_OFFERS = [
  {
    intent: 'charge',
    method: 'x402',
    amount: '100000',
    currency: 'USDC',
    description:
      'x402 v2 exact scheme, USDC on Base (eip155:8453). Floor; the PAYMENT-REQUIRED challenge is authoritative.',
  },
  {
    intent: 'session',
    method: 'x402',
    amount: '100000',
    currency: 'USDC',
    description:
      'x402 v2 batch-settlement scheme: one deposit into an escrow, then a cumulative voucher per request, claimed on chain in batches; the unspent deposit is refunded on close. Listed in PAYMENT-REQUIRED after exact only where the escrow is on chain (this service checks at start; today its payment sandbox). Floor per request.',
  },
  {
    intent: 'charge',
    method: 'tempo',
    amount: '100000',
    currency: 'USD stablecoin (TIP-20, 6 decimals)',
    description: 'MPP tempo.charge on Tempo. Floor; the WWW-Authenticate challenge is authoritative.',
  },
  {
    intent: 'session',
    method: 'tempo',
    amount: '100000',
    currency: 'USD stablecoin (TIP-20, 6 decimals)',
    description:
      'MPP tempo.session on Tempo: a payment channel opened once on the escrow, then a signed voucher per request, settled in batches; closing returns the unspent deposit. Challenged after tempo.charge only where the escrow is on chain (this service checks at start; today its payment sandbox). Floor per request.',
  },
  {
    intent: 'charge',
    method: 'stripe',
    amount: '50',
    currency: 'usd',
    description: 'MPP stripe.charge (card). Offered only when the price reaches the 50-cent card minimum.',
  },
] as const;

export const PRICE_RANGE_USD = { min: '0.10', max: '10.00' } as const;

/** The `x-payment-info` extension of a paid operation: the advisory offers, the price range and how it is priced. */
export function paymentInfo(pricing: string) {
  return { 'x-payment-info': { offers: PAYMENT_OFFERS, priceRangeUsd: PRICE_RANGE_USD, pricing } };
}
