import { randomBytes } from 'node:crypto';
import type { Env } from '@/lib/env';
import { startPaymentSandbox } from './sandbox/start';
import { registerSandbox } from './setup';

/**
 * Brings up what wallet payments need before the service accepts requests. Configured production methods need
 * nothing started; the embedded default starts the test-money sandbox (local chains and a facilitator) and hands
 * its details to the paid routes. Returns how to stop it.
 */
export async function startWalletPayments(
  config: Env,
  log: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  if (!config.paymentSandbox) {
    const methods = [config.X402_PAY_TO && 'x402', config.MPP_SECRET_KEY && 'MPP'].filter(Boolean);
    log(
      `payments: ${methods.length > 0 ? methods.join(' + ') : 'wallet payments off'}; API keys and session tokens spend credits`,
    );
    return { stop: async () => {} };
  }
  const started = Date.now();
  const sandbox = await startPaymentSandbox({
    dataDir: config.DATA_DIR,
    log: (line) => log(`payments sandbox: ${line}`),
  });
  registerSandbox({
    x402: {
      network: sandbox.config.x402.network,
      payTo: sandbox.config.x402.payTo,
      facilitatorUrl: sandbox.config.x402.facilitatorUrl,
    },
    // Challenges are bound by an HMAC with this key; a new key per run only voids challenges of a previous run.
    mpp: { ...sandbox.config.mpp, secretKey: randomBytes(32).toString('base64url') },
  });
  log(
    `payments: sandbox ready in ${Date.now() - started} ms, TEST MONEY ONLY; payer wallets in ${config.DATA_DIR}/sandbox.json`,
  );
  return {
    async stop() {
      registerSandbox(undefined);
      await sandbox.stop();
    },
  };
}
