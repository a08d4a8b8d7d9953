import { percentile } from '@/scripts/bench/load';
import type { PaymentClient } from './clients';

export interface RepeatedPayments {
  paid: number;
  failed: number;
  p50Ms: number;
  p95Ms: number;
  /**
   * What the paid requests cost on chain: the distinct transactions the receipts name, or, for a channel, the
   * transactions counted on the chain from the first request to the channel's close.
   */
  transactions: number;
}

/**
 * `--count N`: pays N requests in turn with one client, one line per request, then what they cost: how many were
 * paid, their p50/p95, and how many distinct on-chain transactions settled them. With a per-request scheme
 * (x402 exact, tempo.charge) that is one transaction per request; a channel would settle many requests in one.
 * A refused request does not stop the run: the summary says how many failed.
 */
export async function payRepeatedly(
  client: PaymentClient,
  url: URL,
  init: RequestInit,
  count: number,
  log: (line: string) => void,
): Promise<RepeatedPayments> {
  const times: number[] = [];
  const transactions = new Set<string>();
  const startBlock = await client.channel?.mark();
  let failed = 0;
  for (let i = 1; i <= count; i++) {
    const started = performance.now();
    const response = await client.fetch(url, init);
    const elapsed = performance.now() - started;
    const body = await response.text();
    const receipt = response.headers.get(client.receiptHeader);
    const transaction = receipt ? safely(() => client.transactionOf(receipt)) : null;
    if (response.ok) {
      times.push(elapsed);
      if (transaction) transactions.add(transaction.toLowerCase());
    } else failed++;
    const outcome = response.ok ? `tx ${transaction ?? '(none)'}` : `error ${errorCode(body)}`;
    log(`${i}/${count} HTTP ${response.status} ${Math.round(elapsed)} ms ${outcome}`);
  }
  const sorted = times.sort((a, b) => a - b);
  let onChain = transactions.size;
  if (client.channel && startBlock !== undefined) {
    log(`closed the channel: ${await client.channel.close(url)}`);
    onChain = await client.channel.countSince(startBlock);
  }
  return {
    paid: sorted.length,
    failed,
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    transactions: onChain,
  };
}

function safely<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** The API error's code from a problem+json body, or the start of whatever else came back. */
function errorCode(body: string): string {
  const parsed = safely(() => JSON.parse(body) as { code?: unknown; error?: unknown });
  if (parsed && typeof parsed.code === 'string') return parsed.code;
  return body.slice(0, 120).replace(/\s+/g, ' ');
}
