import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/server';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPrivateKeys, TEMPO_ROLES, X402_ROLES } from '@/lib/payments/sandbox/accounts';
import { type PaymentSandbox, startPaymentSandbox } from '@/lib/payments/sandbox/start';
import { startMppResourceServer } from './helpers/mpp-resource-server';
import { startMppSessionServer } from './helpers/mpp-session-server';
import { startX402ResourceServer } from './helpers/x402-resource-server';

/** `npm run pay` (scripts/pay.ts) against the tiny x402 and MPP servers, with keys from the sandbox's file. */
const root = path.resolve(import.meta.dirname, '../..');

function pay(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  for (const name of ['X402_PAYER_PRIVATE_KEY', 'MPP_PAYER_PRIVATE_KEY', 'MPP_RPC_URL']) delete env[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/pay.ts', ...args],
      { cwd: root, env },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run pay', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pay-cli-'));
  let sandbox: PaymentSandbox;
  let x402: Awaited<ReturnType<typeof startX402ResourceServer>>;
  let mpp: Awaited<ReturnType<typeof startMppResourceServer>>;
  let batch: Awaited<ReturnType<typeof startX402ResourceServer>>;
  let session: Awaited<ReturnType<typeof startMppSessionServer>>;

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir });
    const authorizer = privateKeyToAccount(devPrivateKeys()[X402_ROLES.payTo]!);
    const batchScheme = new BatchSettlementEvmScheme(sandbox.config.x402.payTo, {
      receiverAuthorizerSigner: authorizer,
    });
    [x402, mpp, batch, session] = await Promise.all([
      startX402ResourceServer(sandbox.config.x402),
      startMppResourceServer(sandbox.config.mpp),
      startX402ResourceServer(sandbox.config.x402, '$0.01', batchScheme),
      // $0.01 a request; the server suggests a $1 deposit.
      startMppSessionServer(sandbox.config.mpp, devPrivateKeys()[TEMPO_ROLES.recipient]!),
    ]);
  });

  afterAll(async () => {
    await Promise.all([x402?.close(), mpp?.close(), batch?.close(), session?.close()]);
    await sandbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pays with x402 by default and prints status, decoded PAYMENT-RESPONSE and body', async () => {
    const result = await pay([`${x402.url}/report`, '--payer', '2'], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('TEST MONEY');
    expect(result.stdout).toMatch(/HTTP 200/);
    expect(result.stdout).toContain('"success": true');
    expect(result.stdout).toContain('"report": "paid content"');
  });

  it('pays with MPP (POST) and prints the decoded Payment-Receipt', async () => {
    const result = await pay([`${mpp.url}/report`, '--method', 'mpp', '--post'], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('"method": "tempo"');
    expect(result.stdout).toContain('"status": "success"');
  });

  it('--count pays requests in turn, one line each, and counts the on-chain transactions that settled them', async () => {
    const [x402Run, mppRun] = await Promise.all([
      pay([`${x402.url}/report`, '--payer', '3', '--count', '4'], dataDir),
      pay([`${mpp.url}/report`, '--method', 'mpp', '--payer', '3', '--post', '--count', '3'], dataDir),
    ]);
    expect(x402Run.code, x402Run.stderr).toBe(0);
    expect(x402Run.stdout.match(/^\d\/4 HTTP 200 \d+ ms tx 0x[0-9a-f]{64}$/gm)).toHaveLength(4);
    // x402 exact settles each request with its own transfer on chain.
    expect(x402Run.stdout).toMatch(/Paid 4 of 4 requests with x402: p50 \d+ ms, p95 \d+ ms, 4 on-chain transactions\./);
    expect(mppRun.code, mppRun.stderr).toBe(0);
    expect(mppRun.stdout.match(/^\d\/3 HTTP 200 \d+ ms tx 0x[0-9a-f]{64}$/gm)).toHaveLength(3);
    expect(mppRun.stdout).toMatch(/Paid 3 of 3 requests with mpp: p50 \d+ ms, p95 \d+ ms, 3 on-chain transactions\./);
  });

  it('--method x402-batch pays through one channel, closes it, and counts its transactions on the chain', async () => {
    const run = await pay([`${batch.url}/report`, '--method', 'x402-batch', '--payer', '4', '--count', '5'], dataDir);
    expect(run.code, run.stderr).toBe(0);
    // The first request's receipt names the deposit; the vouchers after it move nothing on chain.
    expect(run.stdout.match(/^1\/5 HTTP 200 \d+ ms tx 0x[0-9a-f]{64}$/gm)).toHaveLength(1);
    expect(run.stdout.match(/^[2-5]\/5 HTTP 200 \d+ ms tx \(none\)$/gm)).toHaveLength(4);
    expect(run.stdout).toMatch(/^closed the channel: the unspent deposit was refunded, tx 0x[0-9a-f]{64}$/m);
    // The deposit and the refund (which claims the five vouchers in the same transaction).
    expect(run.stdout).toMatch(
      /Paid 5 of 5 requests with x402-batch: p50 \d+ ms, p95 \d+ ms, 2 on-chain transactions\./,
    );
  });

  it('--method mpp-session pays through one channel with mppx session manager, closes it and prints the refund', async () => {
    // In turn: the run counts every escrow transaction on the chain while it lasts.
    const run = await pay(
      [`${session.url}/report`, '--method', 'mpp-session', '--payer', '5', '--count', '5'],
      dataDir,
    );
    const single = await pay([`${session.url}/report`, '--method', 'mpp-session', '--payer', '6'], dataDir);
    expect(run.code, run.stderr).toBe(0);
    // The first receipt names the open; the vouchers after it move nothing on chain.
    expect(run.stdout.match(/^1\/5 HTTP 200 \d+ ms tx 0x[0-9a-f]{64}$/gm)).toHaveLength(1);
    expect(run.stdout.match(/^[2-5]\/5 HTTP 200 \d+ ms tx \(none\)$/gm)).toHaveLength(4);
    // The $1 deposit less five requests at $0.01.
    expect(run.stdout).toMatch(
      /^closed the channel: the unspent deposit was refunded: 0\.95 pathUSD, tx 0x[0-9a-f]{64}$/m,
    );
    // The open and the close: the vouchers between them move nothing on chain.
    expect(run.stdout).toMatch(
      /Paid 5 of 5 requests with mpp-session: p50 \d+ ms, p95 \d+ ms, 2 on-chain transactions\./,
    );
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).toMatch(/HTTP 200/);
    expect(single.stdout).toContain('"intent": "session"');
    expect(single.stdout).toContain('"spent": "10000"');
    expect(single.stdout).toContain('"report": "paid content"');
    expect(single.stdout).toMatch(
      /^closed the channel: the unspent deposit was refunded: 0\.99 pathUSD, tx 0x[0-9a-f]{64}$/m,
    );
  });

  it('exits 1 with the error body on a non-2xx answer, and 2 on usage errors', async () => {
    const [notFound, usage, outOfRange, badCount, repeatedNotFound] = await Promise.all([
      pay([`${sandbox.config.x402.facilitatorUrl}/nope`], dataDir),
      pay([`${x402.url}/report`, '--method', 'card'], dataDir),
      pay([`${x402.url}/report`, '--payer', '99'], dataDir),
      pay([`${x402.url}/report`, '--count', '0'], dataDir),
      pay([`${sandbox.config.x402.facilitatorUrl}/nope`, '--count', '2'], dataDir),
    ]);
    expect(badCount.code).toBe(2);
    expect(badCount.stderr).toContain('--count must be a whole number from 1 to 1000');
    expect(repeatedNotFound.code).toBe(1);
    expect(repeatedNotFound.stdout).toContain('Paid 0 of 2 requests');
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toContain('"error": "not found"');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--method must be x402, x402-batch, mpp or mpp-session');
    expect(outOfRange.code).toBe(2);
    expect(outOfRange.stderr).toContain('--payer 99 does not exist');
  });
});
