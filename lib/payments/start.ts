import { randomBytes } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import type { Env } from '@/lib/env';
import { batchEscrowPresent, facilitatorSettlesBatches } from './batch-settlement/escrow-present';
import { sessionEscrowPresent } from './mpp-session/escrow-present';
import { devAccountAddresses, devPrivateKeys, TEMPO_ROLES, X402_ROLES } from './sandbox/accounts';
import { startPaymentSandbox } from './sandbox/start';
import { describeLiveMethods, type PaymentSetup, paymentSetup, SESSION_SETTLE_POLICY } from './setup';

/**
 * Brings up what wallet payments need before the service accepts requests, and prints which methods are live and
 * whether they take real money. Configured production methods need nothing started; the sandbox (embedded default,
 * or PAYMENT_SANDBOX=true) starts local chains and a facilitator, whose details go into the setup the paid routes
 * sell with. Returns the setup and how to stop what was started.
 */
export async function startWalletPayments(
  config: Env,
  log: (line: string) => void,
): Promise<{ setup: PaymentSetup; stop(): Promise<void> }> {
  if (!config.paymentSandbox) {
    const setup = paymentSetup(config);
    // Derived once here rather than on the first paid request.
    if (setup.refuseDevPayers) devAccountAddresses();
    if (setup.x402 && config.X402_RECEIVER_AUTHORIZER_KEY) {
      setup.x402.batchSettlement = (await batchSettlementAvailable(setup.x402, log))
        ? {
            receiverAuthorizerKey: config.X402_RECEIVER_AUTHORIZER_KEY as `0x${string}`,
            claims: { count: config.X402_BATCH_CLAIM_COUNT, ageSeconds: config.X402_BATCH_CLAIM_AGE_SECONDS },
          }
        : null;
    }
    if (setup.mpp?.tempo && config.TEMPO_SESSION_PAYEE_KEY) {
      const payeeKey = config.TEMPO_SESSION_PAYEE_KEY as `0x${string}`;
      setup.mpp.tempo.session = (await sessionAvailable(setup.mpp.tempo, payeeKey, log))
        ? { payeeKey, settle: SESSION_SETTLE_POLICY }
        : null;
    }
    log(describeLiveMethods(setup));
    return { setup, stop: async () => {} };
  }
  const started = Date.now();
  const sandbox = await startPaymentSandbox({
    dataDir: config.DATA_DIR,
    log: (line) => log(`payments sandbox: ${line}`),
  });
  const setup = paymentSetup(config, {
    x402: {
      network: sandbox.config.x402.network,
      payTo: sandbox.config.x402.payTo,
      facilitatorUrl: sandbox.config.x402.facilitatorUrl,
      rpcUrl: sandbox.config.x402.rpcUrl,
      // The sandbox places the escrow itself; it is still looked for, as anywhere else. The payee's own dev key
      // authorizes its channels' claims and refunds.
      batchSettlement: (await batchEscrowPresent(sandbox.config.x402.rpcUrl))
        ? { receiverAuthorizerKey: devPrivateKeys()[X402_ROLES.payTo]! }
        : null,
    },
    // Challenges are bound by an HMAC with this key; a new key per run only voids challenges of a previous run.
    mpp: {
      ...sandbox.config.mpp,
      secretKey: randomBytes(32).toString('base64url'),
      // The sandbox places its emulation of the TIP-1034 escrow itself; it is still looked for, as anywhere else.
      // The payee's own dev key settles and closes its channels.
      session: (await sessionEscrowPresent(sandbox.config.mpp.rpcUrl))
        ? { payeeKey: devPrivateKeys()[TEMPO_ROLES.recipient]! }
        : null,
    },
  });
  log(
    `payments: sandbox ready in ${Date.now() - started} ms, TEST MONEY ONLY; payer wallets in ${config.DATA_DIR}/sandbox.json`,
  );
  log(describeLiveMethods(setup));
  return { setup, stop: () => sandbox.stop() };
}

/**
 * Whether x402 batch-settlement can be sold here: the escrow and its collector have code on the x402 chain, and the
 * facilitator settles the scheme on the network. Asked once at start; an answer that does not come leaves exact alone.
 */
async function batchSettlementAvailable(
  x402: NonNullable<PaymentSetup['x402']>,
  log: (line: string) => void,
): Promise<boolean> {
  if (!x402.rpcUrl) {
    log('x402 batch-settlement not offered: no chain node to look for its escrow (X402_RPC_URL)');
    return false;
  }
  try {
    if (!(await batchEscrowPresent(x402.rpcUrl))) {
      log(`x402 batch-settlement not offered: no escrow code on ${x402.network}`);
      return false;
    }
    if (!(await facilitatorSettlesBatches(x402.facilitatorUrl, x402.network, x402.timeoutMs))) {
      log(`x402 batch-settlement not offered: the facilitator does not settle it on ${x402.network}`);
      return false;
    }
    return true;
  } catch (error) {
    log(`x402 batch-settlement not offered: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Whether MPP tempo.session can be sold here: the payee key is the recipient's (channels are opened to the recipient,
 * and only their payee settles and closes them) and the TIP-1034 escrow has code on the Tempo chain.
 */
async function sessionAvailable(
  tempo: NonNullable<NonNullable<PaymentSetup['mpp']>['tempo']>,
  payeeKey: `0x${string}`,
  log: (line: string) => void,
): Promise<boolean> {
  if (privateKeyToAccount(payeeKey).address.toLowerCase() !== tempo.recipient.toLowerCase()) {
    log('MPP tempo.session not offered: TEMPO_SESSION_PAYEE_KEY is not the key of TEMPO_RECIPIENT');
    return false;
  }
  try {
    if (await sessionEscrowPresent(tempo.rpcUrl)) return true;
    log(`MPP tempo.session not offered: no TIP-1034 escrow code on chain ${tempo.chainId}`);
  } catch (error) {
    log(`MPP tempo.session not offered: ${error instanceof Error ? error.message : String(error)}`);
  }
  return false;
}
