import { z } from 'zod';
import { readSandboxFile, type SandboxFile, sandboxFilePath } from '@/lib/payments/sandbox/file';
import type { PayArgs } from './args';

/**
 * Which key pays, and where. Keys from the environment win (they may hold real money, so they are never mixed
 * with sandbox settings silently); otherwise the running sandbox's sandbox.json provides test keys, and the
 * clients are pinned to the sandbox network so a test key never signs for another chain.
 */
const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
  .transform((v) => v as `0x${string}`);
const PayEnvSchema = z.object({
  X402_PAYER_PRIVATE_KEY: privateKey.optional(),
  MPP_PAYER_PRIVATE_KEY: privateKey.optional(),
  MPP_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  X402_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** The payer cannot be set up (no sandbox, bad key, ...): a clear message, no usage text. */
export class PayerError extends Error {}

export interface Payer {
  privateKey: `0x${string}`;
  testMoney: boolean;
  /** Where the key came from, for the printed summary. */
  source: string;
  /** x402: the only network to pay on (null: any EVM network). */
  network: `eip155:${number}` | null;
  /** MPP: the Tempo RPC and, when known, the only chain to pay on. x402-batch: the x402 chain's RPC. */
  rpcUrl: string | null;
  chainId: number | null;
}

function parseEnvironment(environment: Record<string, string | undefined>) {
  const cleaned = Object.fromEntries(Object.entries(environment).filter(([, v]) => v !== undefined && v !== ''));
  const result = PayEnvSchema.safeParse(cleaned);
  if (!result.success)
    throw new PayerError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return result.data;
}

function sandboxKey(keys: `0x${string}`[], index: number | null, method: string): `0x${string}` {
  const key = keys[index ?? 0];
  if (!key)
    throw new PayerError(`--payer ${index} does not exist: the sandbox has ${method} payers 0..${keys.length - 1}`);
  return key;
}

function requireSandbox(dataDir: string, variable: string): SandboxFile {
  const sandbox = readSandboxFile(dataDir);
  if (!sandbox) {
    throw new PayerError(
      `no payment sandbox found (${sandboxFilePath(dataDir)} does not exist). ` +
        `Start the service with its payment sandbox, point DATA_DIR at it, or set ${variable}.`,
    );
  }
  return sandbox;
}

export function resolvePayer(args: PayArgs, dataDir: string, environment: Record<string, string | undefined>): Payer {
  const env = parseEnvironment(environment);
  if (args.method === 'x402' || args.method === 'x402-batch') {
    // The batch-settlement client reads its channel on chain (a deposit's balance, a refund's state).
    const batch = args.method === 'x402-batch';
    if (env.X402_PAYER_PRIVATE_KEY) {
      if (args.payer !== null)
        throw new PayerError('--payer selects a sandbox payer; it cannot be combined with X402_PAYER_PRIVATE_KEY');
      if (batch && !env.X402_RPC_URL)
        throw new PayerError(
          '--method x402-batch with X402_PAYER_PRIVATE_KEY needs X402_RPC_URL (the chain to pay on)',
        );
      const source = 'X402_PAYER_PRIVATE_KEY';
      return {
        privateKey: env.X402_PAYER_PRIVATE_KEY,
        testMoney: false,
        source,
        network: null,
        rpcUrl: batch ? env.X402_RPC_URL! : null,
        chainId: null,
      };
    }
    const { x402 } = requireSandbox(dataDir, 'X402_PAYER_PRIVATE_KEY');
    const key = sandboxKey(x402.payerPrivateKeys, args.payer, 'x402');
    const source = `sandbox payer ${args.payer ?? 0}`;
    const rpcUrl = batch ? (env.X402_RPC_URL ?? x402.rpcUrl) : null;
    return { privateKey: key, testMoney: true, source, network: x402.network, rpcUrl, chainId: null };
  }

  if (env.MPP_PAYER_PRIVATE_KEY) {
    if (args.payer !== null)
      throw new PayerError('--payer selects a sandbox payer; it cannot be combined with MPP_PAYER_PRIVATE_KEY');
    if (!env.MPP_RPC_URL)
      throw new PayerError('MPP_PAYER_PRIVATE_KEY needs MPP_RPC_URL (the Tempo chain RPC to pay on)');
    const source = 'MPP_PAYER_PRIVATE_KEY';
    return {
      privateKey: env.MPP_PAYER_PRIVATE_KEY,
      testMoney: false,
      source,
      network: null,
      rpcUrl: env.MPP_RPC_URL,
      chainId: null,
    };
  }
  const { mpp } = requireSandbox(dataDir, 'MPP_PAYER_PRIVATE_KEY and MPP_RPC_URL');
  const key = sandboxKey(mpp.payerPrivateKeys, args.payer, 'MPP');
  // MPP_RPC_URL alone may point the sandbox keys at another RPC of the same chain (e.g. through a proxy).
  const source = `sandbox payer ${args.payer ?? 0}`;
  return {
    privateKey: key,
    testMoney: true,
    source,
    network: null,
    rpcUrl: env.MPP_RPC_URL ?? mpp.rpcUrl,
    chainId: mpp.chainId,
  };
}
