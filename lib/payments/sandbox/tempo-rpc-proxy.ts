import { createServer, type IncomingMessage } from 'node:http';
import { type Address, encodeAbiParameters, type Hex, keccak256, maxUint256 } from 'viem';
import { listenOnLoopback } from './listen';
import {
  escrowCallSender,
  openTransactionNonceHash,
  pendingExpiringNonceHashSlot,
  TIP1034_ESCROW_ADDRESS,
  withSimulatedExpiringNonceHash,
} from './tempo-session-escrow';

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
 *
 * With `emulateTip1034`, it also stands in for what Tempo's TIP-1034 escrow precompile reads from the transaction
 * context: before a transaction that opens a payment channel is forwarded, the proxy computes its expiring-nonce hash
 * and stores it for the sender in the sandbox's escrow emulation (lib/payments/sandbox/tempo-session-escrow.ts),
 * whose `open` binds it into the channel id, as the precompile does; a gas estimate or simulation of an open gets a
 * stand-in hash through a state override (and anvil's eth_fillTransaction, which ignores Tempo calls, is given
 * the open's gas).
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

function parseCalls(body: string): { method?: string; params?: unknown[] }[] {
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]) as { method?: string; params?: unknown[] }[];
  } catch {
    return [];
  }
}

export async function startTempoRpcProxy(options: {
  upstream: string;
  senders: Address[];
  emulateTip1034?: boolean;
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

  /** The expiring-nonce hashes of the channel opens among these calls, stored where the emulation's `open` reads. */
  async function supplyExpiringNonceHashes(body: string) {
    for (const call of parseCalls(body)) {
      const raw = call.params?.[0];
      if (!SEND_METHODS.has(call.method ?? '') || typeof raw !== 'string') continue;
      const open = openTransactionNonceHash(raw as Hex);
      if (!open) continue;
      await setPendingHash(open.sender, open.expiringNonceHash);
    }
  }

  async function setPendingHash(sender: Address, value: Hex) {
    const set = {
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setStorageAt',
      params: [TIP1034_ESCROW_ADDRESS, pendingExpiringNonceHashSlot(sender), value],
    };
    const answer = await rpc(options.upstream, JSON.stringify(set));
    if ((JSON.parse(answer.text) as { error?: unknown }).error) throw new Error(`anvil_setStorageAt: ${answer.text}`);
  }

  /**
   * anvil 1.7.1's Tempo eth_fillTransaction ignores a request's `calls` and fills the gas of an empty call, which an
   * ordinary TIP-20 transfer happens to fit in and the escrow's calls do not (an open ran out of gas). For a
   * transaction calling the escrow, the proxy adds an estimate of each such call (eth_estimateGas; an open's with
   * the stand-in hash as a state override) to the filled gas, which viem then signs.
   */
  async function fillEscrowCall(body: string, sender: Address) {
    const answer = await rpc(options.upstream, body);
    const filled = JSON.parse(answer.text) as { result?: { tx?: { gas?: Hex } } };
    const gas = filled.result?.tx?.gas;
    if (!gas || !filled.result?.tx) return answer;
    const request = (parseCalls(body)[0]?.params?.[0] ?? {}) as { calls?: { to?: Address; data?: Hex }[] };
    let extra = 0n;
    for (const call of request.calls ?? []) {
      if (call.to?.toLowerCase() !== TIP1034_ESCROW_ADDRESS.toLowerCase()) continue;
      const estimate = withSimulatedExpiringNonceHash({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_estimateGas',
        params: [{ from: sender, to: call.to, data: call.data }],
      });
      const estimated = JSON.parse((await rpc(options.upstream, JSON.stringify(estimate))).text) as { result?: Hex };
      if (!estimated.result) return answer;
      extra += BigInt(estimated.result);
    }
    filled.result.tx.gas = `0x${(BigInt(gas) + extra).toString(16)}`;
    return { status: answer.status, text: JSON.stringify(filled) };
  }
  const fillingEscrowCall = (body: string): Address | undefined => {
    if (!options.emulateTip1034) return undefined;
    const calls = parseCalls(body);
    return calls.length === 1 && calls[0]?.method === 'eth_fillTransaction' ? escrowCallSender(calls[0]) : undefined;
  };

  function simulationBody(body: string): string {
    if (!options.emulateTip1034 || !body.toLowerCase().includes(TIP1034_ESCROW_ADDRESS.slice(2, 12))) return body;
    const parsed: unknown = JSON.parse(body);
    return JSON.stringify(
      Array.isArray(parsed)
        ? parsed.map(withSimulatedExpiringNonceHash)
        : withSimulatedExpiringNonceHash(parsed as object),
    );
  }

  async function send(body: string) {
    await rpc(options.upstream, resetBatch);
    if (options.emulateTip1034) await supplyExpiringNonceHashes(body);
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
      const escrowCaller = fillingEscrowCall(body);
      const answer = sends
        ? await serialized(() => send(body))
        : escrowCaller
          ? await fillEscrowCall(body, escrowCaller)
          : await rpc(options.upstream, simulationBody(body));
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
    } catch (error) {
      const body = { jsonrpc: '2.0', id: null, error: { code: -32603, message: String(error) } };
      response.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
  });
  return listenOnLoopback(server);
}
