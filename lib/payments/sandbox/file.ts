import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `<DATA_DIR>/sandbox.json`: how to reach the running payment sandbox (chains, facilitator, test keys). The pay
 * client and tests read it; the service writes it on start-up and removes it on stop. It holds private keys, so it
 * is readable by its owner only, even though they only ever control test money.
 */
export const SANDBOX_FILE = 'sandbox.json';
export const SANDBOX_NOTE = 'TEST MONEY ONLY: local anvil chains started by this service; nothing here has real value';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .transform((v) => v as `0x${string}`);
const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte key')
  .transform((v) => v as `0x${string}`);
const loopbackUrl = z.url({ protocol: /^https?$/ });

export const SandboxFileSchema = z.object({
  note: z.literal(SANDBOX_NOTE),
  x402: z.object({
    network: z
      .string()
      .regex(/^eip155:\d+$/)
      .transform((v) => v as `eip155:${number}`),
    chainId: z.number().int().positive(),
    rpcUrl: loopbackUrl,
    asset: address,
    payTo: address,
    facilitatorUrl: loopbackUrl,
    payerPrivateKeys: z.array(privateKey).min(1),
  }),
  mpp: z.object({
    rpcUrl: loopbackUrl,
    chainId: z.number().int().positive(),
    currency: address,
    recipient: address,
    payerPrivateKeys: z.array(privateKey).min(1),
  }),
});

export type SandboxFile = z.infer<typeof SandboxFileSchema>;

export function sandboxFilePath(dataDir: string): string {
  return path.join(dataDir, SANDBOX_FILE);
}

export function writeSandboxFile(dataDir: string, content: Omit<SandboxFile, 'note'>): string {
  const file = sandboxFilePath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ note: SANDBOX_NOTE, ...content }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // `mode` only applies when the file is created; an old file keeps its mode otherwise.
  return file;
}

/** The running sandbox's description, or null when no sandbox.json exists. Throws when the file is malformed. */
export function readSandboxFile(dataDir: string): SandboxFile | null {
  let text: string;
  try {
    text = readFileSync(sandboxFilePath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = SandboxFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${sandboxFilePath(dataDir)} is malformed: ${issues}`);
  }
  return parsed.data;
}

export function removeSandboxFile(dataDir: string): void {
  rmSync(sandboxFilePath(dataDir), { force: true });
}
