import { createPublicClient, http } from 'viem';
import { readSandboxFile, type SandboxFile } from '@/lib/payments/sandbox/file';
import {
  mppPaymentClient,
  mppSessionPaymentClient,
  type PaymentClient,
  x402BatchPaymentClient,
  x402PaymentClient,
} from '@/scripts/pay/clients';
import type { Payer } from '@/scripts/pay/payer';
import { payRepeatedly } from '@/scripts/pay/repeat';
import type { RunningService } from '@/tests/helpers/service';
import { percentile } from './load';

/** One way of paying, measured over the same number of paid requests. */
export interface PaidRun {
  name: string;
  requests: number;
  paid: number;
  p50: number;
  p95: number;
  /** Transactions both sandbox chains mined during the run. */
  onChainTransactions: number;
}

/** Transactions both sandbox chains mine while `run` runs: they are loopback chains nothing else uses. */
async function countingTransactions<T>(sandbox: SandboxFile, run: () => Promise<T>): Promise<[T, number]> {
  const chains = [sandbox.x402.rpcUrl, sandbox.mpp.rpcUrl].map((url) => createPublicClient({ transport: http(url) }));
  const before = await Promise.all(chains.map((chain) => chain.getBlockNumber({ cacheTime: 0 })));
  const result = await run();
  let transactions = 0;
  for (const [i, chain] of chains.entries()) {
    const after = await chain.getBlockNumber({ cacheTime: 0 }); // viem would answer from its cache for seconds
    for (let block = before[i]! + 1n; block <= after; block++)
      transactions += (await chain.getBlock({ blockNumber: block })).transactions.length;
  }
  return [result, transactions];
}

/**
 * A sandbox payer of its own per run (exact and tempo.charge the last of their chain's, the channels the one before),
 * so runs never share.
 */
function sandboxPayer(sandbox: SandboxFile, method: 'x402' | 'x402-batch' | 'mpp' | 'mpp-session'): Payer {
  const tempo = method === 'mpp' || method === 'mpp-session';
  const side = sandbox[tempo ? 'mpp' : 'x402'];
  return {
    privateKey: side.payerPrivateKeys.at(method === 'x402-batch' || method === 'mpp-session' ? -2 : -1)!,
    testMoney: true,
    source: 'sandbox',
    network: tempo ? null : sandbox.x402.network,
    rpcUrl: tempo ? sandbox.mpp.rpcUrl : method === 'x402-batch' ? sandbox.x402.rpcUrl : null,
    chainId: tempo ? sandbox.mpp.chainId : null,
  };
}

async function walletRun(name: string, client: PaymentClient, url: string, requests: number, sandbox: SandboxFile) {
  const init: RequestInit = { headers: { accept: 'application/json' } };
  const [run, transactions] = await countingTransactions(sandbox, () =>
    payRepeatedly(client, new URL(url), init, requests, () => {}),
  );
  return { name, requests, paid: run.paid, p50: run.p50Ms, p95: run.p95Ms, onChainTransactions: transactions };
}

async function creditsRun(url: string, key: string, requests: number, sandbox: SandboxFile): Promise<PaidRun> {
  const times: number[] = [];
  const [, transactions] = await countingTransactions(sandbox, async () => {
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      await response.body?.cancel();
      if (response.ok) times.push(performance.now() - started);
    }
  });
  const sorted = times.sort((a, b) => a - b);
  return {
    name: 'credits (Bearer API key)',
    requests,
    paid: sorted.length,
    p50: Math.round(percentile(sorted, 50)),
    p95: Math.round(percentile(sorted, 95)),
    onChainTransactions: transactions,
  };
}

/**
 * The same paid summary bought `requests` times in turn by one payer with each way of paying: the official clients
 * for the wallets (the code `npm run pay --count` runs), a Bearer key for credits. Each run counts the transactions
 * the sandbox chains mined meanwhile, so "per request on chain" and "none on chain" read straight from the table.
 */
export async function benchPaidRuns(service: RunningService, path: string, key: string, requests: number) {
  const sandbox = readSandboxFile(service.dataDir)!;
  const url = service.url + path;
  const runs: PaidRun[] = [
    await creditsRun(url, key, requests, sandbox),
    await walletRun(
      'x402 exact (@x402/fetch)',
      x402PaymentClient(sandboxPayer(sandbox, 'x402')),
      url,
      requests,
      sandbox,
    ),
    // One deposit, a voucher per request, whatever claims the service's reconcile job makes meanwhile, and the
    // close (the refund, which claims the rest): all counted on the chain.
    await walletRun(
      'x402 batch-settlement (@x402/fetch)',
      x402BatchPaymentClient(sandboxPayer(sandbox, 'x402-batch'), null, requests),
      url,
      requests,
      sandbox,
    ),
    await walletRun(
      'MPP tempo.charge (mppx)',
      await mppPaymentClient(sandboxPayer(sandbox, 'mpp')),
      url,
      requests,
      sandbox,
    ),
    // The open, a voucher per request, and the close (which settles the vouchers and refunds the rest).
    await walletRun(
      'MPP tempo.session (mppx)',
      await mppSessionPaymentClient(sandboxPayer(sandbox, 'mpp-session'), null, requests),
      url,
      requests,
      sandbox,
    ),
  ];
  return runs;
}
