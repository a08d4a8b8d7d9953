import { parseArgs } from 'node:util';

/** Command line of `npm run pay`: validated here so mistakes get a usage message, not a stack trace. */
export const USAGE = `Usage: npm run pay -- <url> [--method x402|x402-batch|mpp|mpp-session] [--post | --body JSON] [--payer N] [--count N] [--mcp]

Pays for one request to a paid route with the official client libraries and prints the answer.

  <url>             absolute http(s) URL of the paid resource
  --method M        x402 (default: @x402/fetch, USDC on the sandbox's Base Sepolia chain, one transfer a request),
                    x402-batch (the same client with the batch-settlement scheme: one deposit for the run, a
                    voucher a request, then the unspent deposit refunded), mpp (mppx client, pathUSD on the
                    sandbox's Tempo chain, one transfer a request) or mpp-session (mppx's session manager on the
                    same chain: one channel opened with the deposit the server suggests, a voucher a request, then
                    the channel closed and the unspent deposit returned)
  --post            send POST with the JSON body {} instead of GET
  --body JSON       send POST with this JSON body, e.g. a research brief's '{"question":"regional bank credit"}'
  --payer N         which sandbox payer account to use (0-based, default 0)
  --max-amount USD  the most one x402 payment may cost, in dollars (default 1, the x402 client's own limit);
                    a day of 200 stock picks costs more: --max-amount 5. mpp-session: the channel's deposit and
                    vouchers together stay within this times (--count + 1)
  --count N         pay N requests in turn (1-1000), one line each, then their p50 and how many on-chain
                    transactions settled them (x402-batch, mpp-session: counted on the chain, the deposit and the close included)
  --mcp             buy the same thing through the service's MCP server (/mcp): the tool call's unpaid error
                    result carries the price, then x402 pays in _meta["x402/payment"] or mppx's MCP client pays
  -h, --help        show this help

Keys come from DATA_DIR/sandbox.json (DATA_DIR defaults to .data), written by the service while its local payment
sandbox runs: TEST MONEY ONLY. To pay elsewhere, set X402_PAYER_PRIVATE_KEY (with X402_RPC_URL for x402-batch), or
MPP_PAYER_PRIVATE_KEY with MPP_RPC_URL (a Tempo RPC); those keys may hold real money.`;

export type PayMethod = 'x402' | 'x402-batch' | 'mpp' | 'mpp-session';

export interface PayArgs {
  url: URL;
  method: PayMethod;
  post: boolean;
  /** The POST body (--body, or {} with --post); null for GET. */
  body: string | null;
  /** null when --payer was not given (sandbox payer 0 is used). */
  payer: number | null;
  /** Buy through the MCP server instead of the REST route. */
  mcp: boolean;
  /** The x402 client's per-payment limit in dollars; null keeps the client's default ($1). */
  maxAmountUsd: string | null;
  /** How many requests to pay in turn (--count); 1 prints the one answer in full. */
  count: number;
}

export class UsageError extends Error {}

/** --count's ceiling: each request is a payment of real value when the keys are not the sandbox's. */
const MAX_COUNT = 1000;

function readArgv(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        method: { type: 'string' },
        post: { type: 'boolean', default: false },
        body: { type: 'string' },
        payer: { type: 'string' },
        mcp: { type: 'boolean', default: false },
        'max-amount': { type: 'string' },
        count: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function parsePayArgs(argv: string[]): PayArgs | 'help' {
  const { values, positionals } = readArgv(argv);
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('missing <url>');
  if (positionals.length > 1)
    throw new UsageError(`expected one <url>, got ${positionals.length}: ${positionals.join(' ')}`);

  let url: URL;
  try {
    url = new URL(positionals[0]!);
  } catch {
    throw new UsageError(`not an absolute URL: ${positionals[0]}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`only http(s) URLs can be paid for, got ${url.protocol}`);

  const method = values.method ?? 'x402';
  if (method !== 'x402' && method !== 'x402-batch' && method !== 'mpp' && method !== 'mpp-session')
    throw new UsageError(`--method must be x402, x402-batch, mpp or mpp-session, got "${method}"`);

  let payer: number | null = null;
  if (values.payer !== undefined) {
    if (!/^\d+$/.test(values.payer))
      throw new UsageError(`--payer must be a non-negative integer, got "${values.payer}"`);
    payer = Number(values.payer);
  }
  if (values.body !== undefined) {
    try {
      JSON.parse(values.body);
    } catch {
      throw new UsageError(`--body must be JSON, got ${values.body}`);
    }
  }
  const post = values.post || values.body !== undefined;
  if (values.mcp && post)
    throw new UsageError('--post and --body cannot be combined with --mcp: MCP tool calls have no body');
  const maxAmount = values['max-amount'];
  if (maxAmount !== undefined && !/^(?:\d{1,6})(?:\.\d{1,6})?$/.test(maxAmount.replace(/^\$/, ''))) {
    throw new UsageError(`--max-amount must be a dollar amount such as 5 or 2.50, got "${maxAmount}"`);
  }
  let count = 1;
  if (values.count !== undefined) {
    if (!/^\d{1,4}$/.test(values.count) || Number(values.count) < 1 || Number(values.count) > MAX_COUNT)
      throw new UsageError(`--count must be a whole number from 1 to ${MAX_COUNT}, got "${values.count}"`);
    count = Number(values.count);
  }
  if (values.mcp && count > 1) throw new UsageError('--count cannot be combined with --mcp');
  if (values.mcp && (method === 'x402-batch' || method === 'mpp-session'))
    throw new UsageError(`--method ${method} cannot be combined with --mcp`);
  return {
    url,
    method,
    post,
    body: post ? (values.body ?? '{}') : null,
    payer,
    mcp: values.mcp,
    maxAmountUsd: maxAmount === undefined ? null : maxAmount.replace(/^\$/, ''),
    count,
  };
}
