import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import type { RunningService } from '@/tests/helpers/service';
import { readyPostPath } from '@/tests/helpers/service-posts';
import { type LoadResult, measure, ms } from './load';
import { benchPaidRuns, type PaidRun } from './paid-runs';

export interface PaymentBench {
  load: Array<LoadResult & { connections: number }>;
  paidRuns: PaidRun[];
}

export function operator(service: RunningService, command: string, args: Record<string, unknown>) {
  return runRemoteCommand(readServiceFile(service.dataDir)!, command, args);
}

/** Paid requests per way of paying: issue 37 compares them per 100. */
const PAID_REQUESTS = Number(process.env.BENCH_PAID_REQUESTS ?? 100);

/**
 * The cost of payment: the credit-paid post route, the unpaid 402 path and a free route under the same load (so the
 * overhead reads as a ratio), then 100 paid requests in turn with each way of paying: latency and on-chain transactions.
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

  const paidRuns = await benchPaidRuns(service, path, key, PAID_REQUESTS);
  for (const run of paidRuns)
    console.log(
      `  payments: ${run.name.padEnd(34)} ${run.paid}/${run.requests} paid  p50 ${ms(run.p50)}  p95 ${ms(run.p95)}  ${run.onChainTransactions} on-chain transactions`,
    );
  return { load, paidRuns };
}
