import type { Env } from '@/lib/env';
import { publicRpcOf } from './x402/public-rpc';

/** When counted x402 vouchers are claimed on chain: this many unclaimed, or the oldest this old (configurable). */
export interface ClaimPolicy {
  count: number;
  ageSeconds: number;
}

/** The wallet methods this process can take payment with, from the environment or from the running sandbox. */
/** When a session channel's spent vouchers are settled: this many charges since the last settle, or the oldest this old. */
export interface SessionSettlePolicy {
  count: number;
  ageSeconds: number;
}

/** When the vouchers a session channel's payer spent are settled on chain: 100 charges, or the oldest 5 minutes old
 * (well within the escrow's 15-minute close grace period). */
export const SESSION_SETTLE_POLICY: SessionSettlePolicy = { count: 100, ageSeconds: 300 };

export interface PaymentSetup {
  /** True when the money is the sandbox's test money; everything shown to users says so. */
  testMoney: boolean;
  /**
   * Refuse wallet payers whose keys anyone can derive (anvil's development mnemonic): set outside the sandbox, so a
   * production service pointed at a test chain by mistake still takes no payment signed by a public key.
   */
  refuseDevPayers: boolean;
  x402: {
    network: `eip155:${number}`;
    payTo: string;
    facilitatorUrl: string;
    /** Where unknown settlement outcomes are checked on chain; without it only the facilitator is asked again. */
    rpcUrl: string | null;
    timeoutMs: number;
    /**
     * x402 batch-settlement (a deposit into an escrow, then a cumulative voucher per request), offered beside `exact`
     * when the escrow was found on chain at start. The receiver authorizer's key signs the claims and refunds of this
     * service's channels. Absent or null: `exact` only.
     */
    batchSettlement?: { receiverAuthorizerKey: `0x${string}`; claims: ClaimPolicy } | null;
  } | null;
  mpp: {
    secretKey: string;
    realm: string | null;
    tempo: {
      rpcUrl: string;
      chainId: number;
      recipient: `0x${string}`;
      currency: `0x${string}`;
      /**
       * MPP `tempo.session` channels (TIP-1034 escrow): the payee's key that settles and closes them, and when spent
       * vouchers are settled. Set when the escrow has code and the payee's key is known (the sandbox's, or
       * TEMPO_SESSION_PAYEE_KEY): then every MPP challenge offers the session beside the charge.
       */
      session?: { payeeKey: `0x${string}`; settle: SessionSettlePolicy } | null;
    } | null;
    stripe: { secretKey: string; networkId: string; apiBaseUrl: string | null } | null;
  } | null;
  prices: { defaultPostCents: number; stockPicksArticleCents: number };
  weeklyAllowanceCents: number;
}

/** What the sandbox hands over when server.ts starts it (lib/payments/start.ts). */
export interface SandboxRegistration {
  x402: {
    network: `eip155:${number}`;
    payTo: string;
    facilitatorUrl: string;
    rpcUrl: string;
    batchSettlement: { receiverAuthorizerKey: `0x${string}` } | null;
  };
  mpp: {
    secretKey: string;
    rpcUrl: string;
    chainId: number;
    recipient: `0x${string}`;
    currency: `0x${string}`;
    session: { payeeKey: `0x${string}` } | null;
  };
}

/**
 * The payment setup of this configuration: with the sandbox on, its wallets come from the running sandbox (none
 * when this process did not start it, as a route under next dev).
 */
export function paymentSetup(config: Env, sandbox?: SandboxRegistration): PaymentSetup {
  const common = {
    prices: {
      defaultPostCents: config.DEFAULT_POST_PRICE_CENTS,
      stockPicksArticleCents: config.STOCK_PICKS_ARTICLE_PRICE_CENTS,
    },
    weeklyAllowanceCents: config.SESSION_WEEKLY_ALLOWANCE_CENTS,
  };
  if (config.paymentSandbox) {
    return {
      ...common,
      testMoney: true,
      refuseDevPayers: false,
      x402: sandbox
        ? {
            ...sandbox.x402,
            timeoutMs: config.X402_FACILITATOR_TIMEOUT_MS,
            batchSettlement: sandbox.x402.batchSettlement && {
              ...sandbox.x402.batchSettlement,
              claims: { count: config.X402_BATCH_CLAIM_COUNT, ageSeconds: config.X402_BATCH_CLAIM_AGE_SECONDS },
            },
          }
        : null,
      mpp: sandbox
        ? {
            secretKey: sandbox.mpp.secretKey,
            realm: config.MPP_REALM ?? null,
            tempo: {
              rpcUrl: sandbox.mpp.rpcUrl,
              chainId: sandbox.mpp.chainId,
              recipient: sandbox.mpp.recipient,
              currency: sandbox.mpp.currency,
              session: sandbox.mpp.session && { ...sandbox.mpp.session, settle: SESSION_SETTLE_POLICY },
            },
            stripe: null,
          }
        : null,
    };
  }
  return {
    ...common,
    testMoney: false,
    refuseDevPayers: config.PAYMENT_ACCEPT_DEV_KEYS !== true,
    x402:
      config.X402_PAY_TO && config.X402_FACILITATOR_URL
        ? {
            network: config.X402_NETWORK as `eip155:${number}`,
            payTo: config.X402_PAY_TO,
            facilitatorUrl: config.X402_FACILITATOR_URL,
            rpcUrl: config.X402_RPC_URL ?? publicRpcOf(config.X402_NETWORK as `eip155:${number}`),
            timeoutMs: config.X402_FACILITATOR_TIMEOUT_MS,
          }
        : null,
    mpp: config.MPP_SECRET_KEY
      ? {
          secretKey: config.MPP_SECRET_KEY,
          realm: config.MPP_REALM ?? null,
          tempo:
            config.TEMPO_RPC_URL && config.TEMPO_RECIPIENT && config.TEMPO_CURRENCY
              ? {
                  rpcUrl: config.TEMPO_RPC_URL,
                  chainId: config.TEMPO_CHAIN_ID,
                  recipient: config.TEMPO_RECIPIENT as `0x${string}`,
                  currency: config.TEMPO_CURRENCY as `0x${string}`,
                }
              : null,
          stripe:
            config.STRIPE_SECRET_KEY && config.STRIPE_NETWORK_ID
              ? {
                  secretKey: config.STRIPE_SECRET_KEY,
                  networkId: config.STRIPE_NETWORK_ID,
                  apiBaseUrl: config.STRIPE_API_BASE_URL ?? null,
                }
              : null,
        }
      : null,
  };
}

export type PaymentMethodName = 'credits' | 'x402' | 'mpp';

/** The ways to pay this setup sells with: credits (API keys, session tokens) always, wallets when configured. */
export function liveMethods(setup: PaymentSetup): PaymentMethodName[] {
  return ['credits', ...(setup.x402 ? (['x402'] as const) : []), ...(setup.mpp ? (['mpp'] as const) : [])];
}

/** One line for the start-up log: each live method, and whether its money is real. */
export function describeLiveMethods(setup: PaymentSetup): string {
  const wallet: string[] = [];
  if (setup.x402) {
    wallet.push(`x402 ${setup.x402.batchSettlement ? 'exact and batch-settlement' : 'exact'} on ${setup.x402.network}`);
  }
  if (setup.mpp?.tempo) {
    const intents = setup.mpp.tempo.session ? ' (charge and session)' : '';
    wallet.push(`MPP tempo${intents} on chain ${setup.mpp.tempo.chainId}`);
  }
  if (setup.mpp?.stripe) wallet.push('MPP card (Stripe)');
  const money = setup.testMoney ? 'TEST MONEY ONLY (payment sandbox)' : 'real money';
  const wallets = wallet.length > 0 ? `${wallet.join(', ')}: ${money}` : 'no wallet method (402s offer credits only)';
  return `payments live: credits (API keys, session tokens); ${wallets}`;
}
