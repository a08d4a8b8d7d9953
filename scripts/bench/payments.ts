import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { Mppx, tempo } from 'mppx/client';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { readSandboxFile } from '@/lib/payments/sandbox/file';
import type { RunningService } from '@/tests/helpers/service';
import { readyPostPath } from '@/tests/helpers/service-posts';
import { type LoadResult, measure, ms, percentile } from './load';

export interface PaymentBench {
  load: Array<LoadResult & { connections: number }>;
  roundTrips: Array<{ name: string; n: number; p50: number; p95: number; max: number }>;
}

export function operator(service: RunningService, command: string, args: Record<string, unknown>) {
  return runRemoteCommand(readServiceFile(service.dataDir)!, command, args);
}

function stats(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { name, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

/**
 * The cost of payment: the credit-paid post route, the unpaid 402 path and a free route under the same load (so the
 * overhead reads as a ratio), then whole x402 and MPP round trips (challenge, sign, settle on the sandbox chains).
 */
export async function benchPayments(
  service: RunningService,
  seconds: number,
  concurrencies: number[],
): Promise<PaymentBench> {
  const path = await readyPostPath(service.url);
  const slug = path.split('/')[4]!;
  await operator(service, 'users create', { email: 'bench@example.com' });
  const { key } = (await operator(service, 'keys create', { email: 'bench@example.com' })) as { key: string };
  await operator(service, 'credits grant', { email: 'bench@example.com', cents: 10_000_000 });

  const targets: Array<[string, string, Record<string, string> | undefined]> = [
    ['free: publication detail', `/api/v1/publications/${slug}`, undefined],
    ['unpaid: 402 challenge', path, undefined],
    ['paid: post with API-key credits', path, { authorization: `Bearer ${key}` }],
  ];
  const load: PaymentBench['load'] = [];
  for (const [name, route, headers] of targets) {
    for (const connections of concurrencies) {
      await measure(name, service.url + route, { connections, seconds: 1, headers });
      const result = await measure(name, service.url + route, { connections, seconds, headers });
      load.push({ ...result, connections });
      console.log(
        `  payments: ${name.padEnd(34)} c=${String(connections).padEnd(3)} p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  ${result.rps.toFixed(0).padStart(6)} req/s  non-2xx ${result.non2xx}`,
      );
    }
  }

  const sandbox = readSandboxFile(service.dataDir)!;
  const x402Times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const account = privateKeyToAccount(sandbox.x402.payerPrivateKeys[i % sandbox.x402.payerPrivateKeys.length]!);
    const pay = wrapFetchWithPayment(fetch, new x402Client().register('eip155:*', new ExactEvmScheme(account)));
    const started = performance.now();
    const response = await pay(service.url + path);
    await response.body?.cancel();
    if (response.status !== 200) throw new Error(`x402 payment answered ${response.status}`);
    x402Times.push(performance.now() - started);
  }
  // A Tempo payer's second payment in quick succession can be dropped by the local chain: one payment per payer.
  const mppTimes: number[] = [];
  const client = createClient({ chain: tempoChain(sandbox.mpp.rpcUrl), transport: http(sandbox.mpp.rpcUrl) });
  for (const key of sandbox.mpp.payerPrivateKeys) {
    const mppx = Mppx.create({
      polyfill: false,
      methods: [tempo.charge({ account: privateKeyToAccount(key), getClient: () => client })],
    });
    const started = performance.now();
    const response = await mppx.fetch(service.url + path);
    await response.body?.cancel();
    if (response.status !== 200) throw new Error(`MPP payment answered ${response.status}`);
    mppTimes.push(performance.now() - started);
  }
  const roundTrips = [
    stats('x402 round trip (@x402/fetch)', x402Times),
    stats('MPP round trip (mppx tempo.charge)', mppTimes),
  ];
  for (const row of roundTrips)
    console.log(
      `  payments: ${row.name.padEnd(34)} p50 ${ms(row.p50)}  p95 ${ms(row.p95)}  max ${ms(row.max)}  (${row.n} payments)`,
    );
  return { load, roundTrips };
}
