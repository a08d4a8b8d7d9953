/**
 * Paying client: `npm run pay -- <url> [--method x402|x402-batch|mpp|mpp-session] [--post] [--payer N] [--count N] [--mcp]`.
 * Pays for one request with the official client libraries (@x402/fetch, mppx) and prints the status, the decoded
 * receipt header and the body; with --count, pays N in turn and prints their latency and on-chain transactions.
 * Exit codes: 0 paid (2xx, every one with --count), 1 any other answer or a failed payment, 2 usage errors.
 */
import { env } from '@/lib/env';
import { parsePayArgs, USAGE, UsageError } from './pay/args';
import { mppPaymentClient, mppSessionPaymentClient, x402BatchPaymentClient, x402PaymentClient } from './pay/clients';
import { payOverMcp } from './pay/mcp';
import { PayerError, resolvePayer } from './pay/payer';
import { payRepeatedly } from './pay/repeat';

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

async function main(): Promise<number> {
  const args = parsePayArgs(process.argv.slice(2));
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  const payer = resolvePayer(args, env().DATA_DIR, process.env);
  if (args.mcp) return payOverMcp(args.url, args.method, payer, args.maxAmountUsd);
  const client =
    args.method === 'x402'
      ? x402PaymentClient(payer, args.maxAmountUsd)
      : args.method === 'x402-batch'
        ? x402BatchPaymentClient(payer, args.maxAmountUsd, args.count)
        : args.method === 'mpp-session'
          ? await mppSessionPaymentClient(payer, args.maxAmountUsd, args.count)
          : await mppPaymentClient(payer);

  console.log(
    payer.testMoney
      ? `TEST MONEY: paying with ${args.method} from the local payment sandbox (${payer.source}, ${client.address}); ` +
          'nothing here has real value.'
      : `Paying with ${args.method} from ${payer.source} (${client.address}): this key may hold REAL money.`,
  );
  const init: RequestInit =
    args.body !== null
      ? { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: args.body }
      : { method: 'GET', headers: { accept: 'application/json' } };

  if (args.count > 1) {
    const run = await payRepeatedly(client, args.url, init, args.count, (line) => console.log(line));
    const latency = run.paid > 0 ? `: p50 ${run.p50Ms} ms, p95 ${run.p95Ms} ms` : '';
    const transactions = `${run.transactions} on-chain transaction${run.transactions === 1 ? '' : 's'}`;
    console.log(`Paid ${run.paid} of ${args.count} requests with ${args.method}${latency}, ${transactions}.`);
    return run.failed === 0 ? 0 : 1;
  }

  const started = performance.now();
  const response = await client.fetch(args.url, init);
  const elapsed = Math.round(performance.now() - started);
  const body = await response.text();

  console.log(`HTTP ${[response.status, response.statusText].filter(Boolean).join(' ')} (${elapsed} ms)`);
  const receipt = response.headers.get(client.receiptHeader);
  if (receipt) {
    let decoded: unknown;
    try {
      decoded = client.decodeReceipt(receipt);
    } catch (error) {
      decoded = `(undecodable: ${error instanceof Error ? error.message : String(error)}) ${receipt}`;
    }
    console.log(`${client.receiptHeader}: ${JSON.stringify(decoded, null, 2)}`);
  } else {
    console.log(`${client.receiptHeader}: (none)`);
  }
  // An mpp-session channel is closed after its one request too, so the unspent deposit does not stay in escrow.
  if (args.method === 'mpp-session') console.log(`closed the channel: ${await client.channel!.close(args.url)}`);
  if (!response.ok) {
    console.error(`The server answered ${response.status}; error body:`);
    console.error(pretty(body));
    return 1;
  }
  console.log(pretty(body));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`pay: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof PayerError) {
      console.error(`pay: ${error.message}`);
      process.exit(2);
    }
    // The x402 client refuses a price above its per-payment limit before signing anything.
    if (error instanceof Error && /spendControls/.test(error.message)) {
      console.error(
        `pay: the price is above the most one payment may cost (default $1): pass --max-amount USD to allow it, e.g. --max-amount 5 (${error.message})`,
      );
      process.exit(1);
    }
    // fetch reports connection problems as "fetch failed" with the real reason (ECONNREFUSED, ...) in `cause`.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(`pay: request failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
    process.exit(1);
  },
);
