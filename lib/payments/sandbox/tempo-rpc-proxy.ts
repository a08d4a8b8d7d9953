import { createServer, type IncomingMessage } from 'node:http';
import { type Address, encodeAbiParameters, type Hex, keccak256, maxUint256 } from 'viem';
import { listenOnLoopback } from './listen';

/**
 * A JSON-RPC pass-through in front of the Tempo anvil that works around an anvil 1.7.1 bug.
 *
 * MPP payments use Tempo "expiring nonce" transactions (nonceKey = 2^256-1, nonce 0, replay-protected by hash and
 * validBefore). anvil wrongly increments NonceManager.nonces[sender][2^256-1] after the first one, so every later
 * payment from the same sender is silently dropped at mining (mppx then times out after 10 s with a 500). Verified
 * by state diff: only that slot changes, and zeroing it makes the next payment mine.
 *
 * So before forwarding a transaction, the proxy zeroes that slot for the sandbox's payers, one transaction at a
 * time, and waits until it is mined. Everything else is forwarded untouched.
 */
const NONCE_MANAGER: Address = '0x4E4F4E4345000000000000000000000000000000';
const SEND_METHODS = new Set([
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
  'eth_sendTransaction',
  'eth_sendTransactionSync',
]);
const ZERO = `0x${'00'.repeat(32)}` as Hex;

/** Storage slot of `nonces[sender][2^256-1]` (a nested mapping at slot 0 of the NonceManager precompile). */
export function expiringNonceSlot(sender: Address): Hex {
  const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [sender, 0n]));
  return keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes32' }], [maxUint256, inner]));
}

async function rpc(upstream: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, text: await response.text() };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function parseCalls(body: string): { method?: string }[] {
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]) as { method?: string }[];
  } catch {
    return [];
  }
}

export async function startTempoRpcProxy(options: {
  upstream: string;
  senders: Address[];
}): Promise<{ url: string; close(): Promise<void> }> {
  const resetBatch = JSON.stringify(
    options.senders.map((sender, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'anvil_setStorageAt',
      params: [NONCE_MANAGER, expiringNonceSlot(sender), ZERO],
    })),
  );
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function send(body: string) {
    await rpc(options.upstream, resetBatch);
    const answer = await rpc(options.upstream, body);
    // eth_sendRawTransaction may answer before anvil has mined; wait (briefly) so the next reset comes after it.
    const hash = (parseCalls(answer.text)[0] as { result?: unknown } | undefined)?.result;
    for (let i = 0; typeof hash === 'string' && i < 100; i++) {
      const query = { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] };
      const receipt = await rpc(options.upstream, JSON.stringify(query));
      if ((JSON.parse(receipt.text) as { result?: unknown }).result) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return answer;
  }

  const server = createServer(async (request, response) => {
    try {
      if (request.method !== 'POST') return void response.writeHead(405).end();
      const body = await readBody(request);
      const sends = parseCalls(body).some((call) => SEND_METHODS.has(call.method ?? ''));
      const answer = sends ? await serialized(() => send(body)) : await rpc(options.upstream, body);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
    } catch (error) {
      const body = { jsonrpc: '2.0', id: null, error: { code: -32603, message: String(error) } };
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
  });
  return listenOnLoopback(server);
}
