import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS } from '@x402/evm';
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempoBalance, usdcBalance } from '@/lib/payments/sandbox/balances';
import { MULTICALL3_ADDRESS, PATH_USD_ADDRESS, USDC_ADDRESS } from '@/lib/payments/sandbox/chains';
import { readSandboxFile, SANDBOX_NOTE, sandboxFilePath } from '@/lib/payments/sandbox/file';
import { type PaymentSandbox, startPaymentSandbox, USDC_PER_PAYER } from '@/lib/payments/sandbox/start';
import { USDC_ABI } from '@/lib/payments/sandbox/usdc';

const addressOf = (key: `0x${string}`) => privateKeyToAccount(key).address;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('payment sandbox', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-test-'));
  const logLines: string[] = [];
  let sandbox: PaymentSandbox;

  beforeAll(async () => {
    const started = performance.now();
    sandbox = await startPaymentSandbox({ dataDir, log: (line) => logLines.push(line) });
    console.info(`sandbox start-up: ${Math.round(performance.now() - started)} ms`);
  });

  afterAll(async () => {
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes sandbox.json (owner-only) with the documented shape and logs one line per chain', () => {
    const file = readSandboxFile(dataDir);
    expect(file).not.toBeNull();
    expect(file?.note).toBe(SANDBOX_NOTE);
    expect({ x402: file?.x402, mpp: file?.mpp }).toEqual(sandbox.config);
    expect(statSync(sandboxFilePath(dataDir)).mode & 0o777).toBe(0o600);
    expect(sandbox.config.x402).toMatchObject({ network: 'eip155:84532', chainId: 84532, asset: USDC_ADDRESS });
    expect(sandbox.config.mpp).toMatchObject({ chainId: 1337, currency: PATH_USD_ADDRESS });
    expect(sandbox.config.x402.payerPrivateKeys.length).toBeGreaterThanOrEqual(5);
    expect(sandbox.config.mpp.payerPrivateKeys.length).toBeGreaterThanOrEqual(5);
    for (const url of [sandbox.config.x402.rpcUrl, sandbox.config.x402.facilitatorUrl, sandbox.config.mpp.rpcUrl]) {
      expect(new URL(url).hostname).toBe('127.0.0.1');
    }
    const payers = sandbox.config.x402.payerPrivateKeys.map(addressOf);
    expect(payers).not.toContain(sandbox.config.x402.payTo);
    expect(sandbox.config.mpp.payerPrivateKeys.map(addressOf)).not.toContain(sandbox.config.mpp.recipient);
    expect(logLines).toHaveLength(2);
  });

  it('gives every x402 payer 1000 test USDC and every MPP payer pathUSD', async () => {
    for (const key of sandbox.config.x402.payerPrivateKeys) {
      expect(await usdcBalance(sandbox.config, addressOf(key))).toBe(USDC_PER_PAYER);
    }
    for (const key of sandbox.config.mpp.payerPrivateKeys) {
      expect(await tempoBalance(sandbox.config, addressOf(key))).toBeGreaterThan(1_000_000_000n);
    }
  });

  it("places USDC with Base Sepolia's EIP-712 domain (name USDC, version 2), Multicall3 and the batch escrow", async () => {
    const client = createPublicClient({ transport: http(sandbox.config.x402.rpcUrl) });
    expect(await client.readContract({ address: USDC_ADDRESS, abi: USDC_ABI, functionName: 'name' })).toBe('USDC');
    expect(await client.readContract({ address: USDC_ADDRESS, abi: USDC_ABI, functionName: 'version' })).toBe('2');
    expect(((await client.getCode({ address: MULTICALL3_ADDRESS })) ?? '0x').length).toBeGreaterThan(1000);
    for (const address of [BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS] as const) {
      expect(((await client.getCode({ address })) ?? '0x').length).toBeGreaterThan(1000);
    }
    expect(await client.getChainId()).toBe(84532);
  });

  it('stop() removes sandbox.json and ends the anvil processes and the facilitator', async () => {
    expect(sandbox.processIds).toHaveLength(2);
    for (const pid of sandbox.processIds) expect(isRunning(pid)).toBe(true);
    await sandbox.stop();
    expect(readSandboxFile(dataDir)).toBeNull();
    for (const pid of sandbox.processIds) expect(isRunning(pid)).toBe(false);
    await expect(fetch(`${sandbox.config.x402.facilitatorUrl}/supported`)).rejects.toThrow();
    await expect(fetch(sandbox.config.mpp.rpcUrl, { method: 'POST' })).rejects.toThrow();
  });
});
