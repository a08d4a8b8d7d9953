import { z } from 'zod';
import { booleanText, cents, evmAddress, httpUrl } from '@/lib/env-values';

/**
 * Payment configuration read from the environment (lib/env.ts is the reader). Production sets the x402 and MPP
 * groups; with neither set, the embedded default runs the offline payment sandbox instead, and a service on a real
 * database sells through credits only (PAYMENT_SANDBOX=true asks for the sandbox there). Prices are in US cents.
 */
export const PaymentEnv = {
  PAYMENT_SANDBOX: booleanText.optional(),
  // Only for tests that pay a configured service from local chains: otherwise a payer whose key anyone can derive
  // (anvil's development mnemonic) is refused outside the sandbox.
  PAYMENT_ACCEPT_DEV_KEYS: booleanText.optional(),
  X402_NETWORK: z
    .string()
    .regex(/^eip155:\d+$/, 'must be a CAIP-2 EVM network such as eip155:8453')
    .default('eip155:8453'),
  X402_PAY_TO: evmAddress().optional(),
  X402_FACILITATOR_URL: httpUrl().optional(),
  // A JSON-RPC node of the x402 network: settlements whose outcome is unknown are checked on chain (optional).
  X402_RPC_URL: httpUrl().optional(),
  // Every call to the facilitator (verify, settle, supported) gives up after this long.
  X402_FACILITATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  // x402 batch-settlement: counted vouchers are claimed on chain (one transaction for many) once this many are
  // unclaimed, or once the oldest is this old. The age stays below the channels' withdraw delay (900 s), within which
  // a payer's timeout withdrawal still lets us claim.
  // Signs the claims and refunds of x402 batch-settlement channels (their receiver authorizer). With it, the scheme is
  // offered beside exact when, at start, the escrow has code on the x402 chain and the facilitator supports it.
  X402_RECEIVER_AUTHORIZER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte private key')
    .optional(),
  X402_BATCH_CLAIM_COUNT: z.coerce.number().int().min(1).max(10_000).default(100),
  X402_BATCH_CLAIM_AGE_SECONDS: z.coerce.number().int().min(60).max(600).default(300),
  MPP_SECRET_KEY: z.string().min(32, 'must be at least 32 characters (an HMAC key)').optional(),
  MPP_REALM: z.string().min(1).optional(),
  TEMPO_RPC_URL: httpUrl().optional(),
  TEMPO_CHAIN_ID: z.coerce.number().int().positive().default(4217),
  TEMPO_RECIPIENT: evmAddress().optional(),
  TEMPO_CURRENCY: evmAddress().optional(),
  // The private key of TEMPO_RECIPIENT: it settles and closes MPP tempo.session channels (their payee). With it,
  // tempo.session is offered beside tempo.charge when, at start, the TIP-1034 escrow has code on the Tempo chain.
  TEMPO_SESSION_PAYEE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte private key')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)')
    .optional(),
  STRIPE_NETWORK_ID: z.string().min(1).optional(),
  STRIPE_API_BASE_URL: httpUrl().optional(),
  DEFAULT_POST_PRICE_CENTS: cents(10, 1000).default(10),
  STOCK_PICKS_ARTICLE_PRICE_CENTS: cents(1, 1000).default(10),
  SESSION_WEEKLY_ALLOWANCE_CENTS: cents(0, 100_000).default(100),
};

const PaymentEnvObject = z.object(PaymentEnv);
type Parsed = z.infer<typeof PaymentEnvObject>;

const GROUPS: Array<{ name: string; keys: Array<keyof Parsed> }> = [
  { name: 'x402', keys: ['X402_PAY_TO', 'X402_FACILITATOR_URL'] },
  { name: 'MPP tempo', keys: ['TEMPO_RPC_URL', 'TEMPO_RECIPIENT', 'TEMPO_CURRENCY'] },
];

/** A payment method is configured completely or not at all; half a configuration is a start-up error. */
export function checkPaymentEnv(parsed: Parsed): void {
  const problems: string[] = [];
  for (const group of GROUPS) {
    const missing = group.keys.filter((k) => parsed[k] === undefined);
    if (missing.length > 0 && missing.length < group.keys.length) {
      problems.push(
        `  ${missing.join(', ')}: required to enable ${group.name} payments (set all of ${group.keys.join(', ')})`,
      );
    }
  }
  // STRIPE_SECRET_KEY alone sells credit packs through Checkout; with STRIPE_NETWORK_ID it is also MPP's card method.
  if (parsed.STRIPE_NETWORK_ID && !parsed.STRIPE_SECRET_KEY)
    problems.push('  STRIPE_SECRET_KEY: required to enable MPP card payments (STRIPE_NETWORK_ID is set)');
  // MPP signs its challenges with MPP_SECRET_KEY and needs at least one method to offer: tempo, card, or both.
  const mppMethods = [parsed.TEMPO_RPC_URL !== undefined, parsed.STRIPE_NETWORK_ID !== undefined];
  if (mppMethods.some(Boolean) && !parsed.MPP_SECRET_KEY)
    problems.push('  MPP_SECRET_KEY: required for MPP payments (tempo or card)');
  if (parsed.MPP_SECRET_KEY && !mppMethods.some(Boolean))
    problems.push(
      '  MPP_SECRET_KEY: set, but no MPP method is configured (set TEMPO_RPC_URL, TEMPO_RECIPIENT, TEMPO_CURRENCY for tempo, or STRIPE_SECRET_KEY and STRIPE_NETWORK_ID for card)',
    );
  if (parsed.X402_RECEIVER_AUTHORIZER_KEY && !parsed.X402_PAY_TO)
    problems.push(
      '  X402_RECEIVER_AUTHORIZER_KEY: set, but x402 is not configured (set X402_PAY_TO and X402_FACILITATOR_URL)',
    );
  if (parsed.TEMPO_SESSION_PAYEE_KEY && !parsed.TEMPO_RECIPIENT)
    problems.push(
      '  TEMPO_SESSION_PAYEE_KEY: set, but MPP tempo is not configured (set TEMPO_RPC_URL, TEMPO_RECIPIENT, TEMPO_CURRENCY)',
    );
  const configured = parsed.X402_PAY_TO !== undefined || parsed.MPP_SECRET_KEY !== undefined;
  if (parsed.PAYMENT_SANDBOX === true && configured) {
    problems.push('  PAYMENT_SANDBOX: the test-money sandbox cannot run together with real x402/MPP configuration');
  }
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
}
