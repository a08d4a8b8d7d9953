import { createHash } from 'node:crypto';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { Credential } from 'mppx';
import { createClient, http, keccak256, parseEventLogs } from 'viem';
import { getBlock, getTransactionReceipt } from 'viem/actions';
import { Abis, Transaction } from 'viem/tempo';
import type { Db } from '@/lib/db/types';
import { findCardPayment } from '@/lib/payments/mpp/card-lookup';
import type { PaidOffer } from '@/lib/payments/offer';
import { isClaimed } from '@/lib/payments/replay-store';
import type { PaymentSetup } from '@/lib/payments/setup';
import { transition } from './states';
import type { NewSettlement, SettlementStatus, StateChange, WalletSettlement } from './store';

type MppSetup = NonNullable<PaymentSetup['mpp']>;
type Hex = `0x${string}`;
/** A tempo credential's payload: a signed transaction for us to broadcast, or the hash of one the payer sent. */
type TempoPayload = { type?: string; signature?: Hex; hash?: Hex };

const RPC_TIMEOUT_MS = 10_000;

/** The settlement key of an MPP credential: a digest of it, so an identical retry finds the same row. */
export function mppSettlementKey(credentialHeader: string): string {
  return `mpp:credential:${createHash('sha256').update(credentialHeader.trim()).digest('hex')}`;
}

/** The row written before mppx is asked to charge; the credential and what it pays for go in the jsonb columns. */
export function newMppSettlement(credential: Credential.Credential, offer: PaidOffer, setup: MppSetup): NewSettlement {
  const method = credential.challenge.method;
  const network = method === 'tempo' ? `tempo:${setup.tempo?.chainId}` : `${method}:${setup.stripe?.networkId ?? ''}`;
  return {
    protocol: 'mpp',
    resource: offer.resource,
    amountCents: offer.priceCents,
    network,
    payer: credential.source ?? null,
    payload: credential as unknown as PaymentPayload,
    requirements: { method, intent: credential.challenge.intent } as unknown as PaymentRequirements,
  };
}

/** The transaction hashes a tempo credential can land as (mppx broadcasts the signed one re-serialized). */
async function tempoHashes(payload: TempoPayload): Promise<Hex[]> {
  if (payload.type === 'hash' && payload.hash) return [payload.hash];
  if (payload.type !== 'transaction' || !payload.signature) return [];
  const hashes = [keccak256(payload.signature)];
  try {
    hashes.push(keccak256((await Transaction.serialize(Transaction.deserialize(payload.signature))) as Hex));
  } catch {
    // Not a transaction we could broadcast either: the first hash is all there is.
  }
  return hashes;
}

/**
 * The last second a signed tempo transaction may be included in a block (mppx's client signs with an expiring nonce,
 * valid for 25 s), or null when the credential carries no such transaction (a hash the payer broadcast itself).
 */
function expiryOf(payload: TempoPayload): bigint | null {
  if (payload.type !== 'transaction' || !payload.signature) return null;
  try {
    const { validBefore } = Transaction.deserialize(payload.signature) as { validBefore?: number | bigint };
    return validBefore === undefined ? null : BigInt(validBefore);
  } catch {
    return null;
  }
}

/**
 * True while mppx holds a replay claim on the credential's transaction. mppx releases its claim when it refuses a
 * transaction before broadcasting it and keeps it once the broadcast was attempted: a refusal with the claim held
 * (and not held before the call) means the transfer may be on chain.
 */
export async function mppxHoldsClaim(credential: Credential.Credential): Promise<boolean> {
  for (const hash of await tempoHashes(credential.payload as TempoPayload)) {
    if (await isClaimed(`mppx:charge:${hash.toLowerCase()}`)) return true;
  }
  return false;
}

/**
 * What the Tempo chain says of a credential's transfer: landed (a receipt whose logs move at least the price of
 * our currency to our recipient), not landed (reverted, or a receipt that pays someone else), or unknown (no
 * receipt yet, or no answer).
 */
type TempoTransfer =
  | { kind: 'landed'; hash: Hex }
  | { kind: 'not landed'; reason: string }
  | { kind: 'unknown'; reason: string };

async function tempoTransfer(settlement: WalletSettlement, setup: MppSetup): Promise<TempoTransfer> {
  const tempo = setup.tempo;
  if (!tempo) return { kind: 'unknown', reason: 'no Tempo node configured' };
  const client = createClient({ transport: http(tempo.rpcUrl, { timeout: RPC_TIMEOUT_MS }) });
  const payload = (settlement.payload as unknown as Credential.Credential).payload as TempoPayload;
  const expected = BigInt(settlement.amountCents) * 10_000n; // cents to 6-decimal base units
  // The chain's clock, read before the receipts: a block mined after this read is no older, so a transaction
  // without a receipt whose validity ended before it can never land.
  let chainTime: bigint;
  try {
    chainTime = (await getBlock(client, { blockTag: 'latest' })).timestamp;
  } catch (error) {
    return { kind: 'unknown', reason: `chain check: ${(error as Error).message}` };
  }
  for (const hash of await tempoHashes(payload)) {
    let receipt: Awaited<ReturnType<typeof getTransactionReceipt>>;
    try {
      receipt = await getTransactionReceipt(client, { hash });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') continue;
      return { kind: 'unknown', reason: `chain check: ${(error as Error).message}` };
    }
    if (receipt.status !== 'success') return { kind: 'not landed', reason: 'transaction reverted' };
    const paid = parseEventLogs({ abi: Abis.tip20, eventName: 'Transfer', logs: receipt.logs }).some(
      (log) =>
        log.address.toLowerCase() === tempo.currency.toLowerCase() &&
        log.args.to.toLowerCase() === tempo.recipient.toLowerCase() &&
        log.args.amount >= expected,
    );
    if (!paid) return { kind: 'not landed', reason: 'the transaction does not pay this service' };
    return { kind: 'landed', hash: receipt.transactionHash };
  }
  const validBefore = expiryOf(payload);
  if (validBefore !== null && chainTime > validBefore)
    return { kind: 'not landed', reason: 'the transaction expired without landing' };
  return { kind: 'unknown', reason: 'no receipt on chain yet' };
}

/**
 * Resolves an MPP settlement whose outcome is unknown (the process stopped after opening its row, or mppx gave no
 * answer after broadcasting) from the chain: the transfer's receipt makes it settled, recorded under the receipt
 * reference mppx would have returned; a reverted one failed, as does a signed transaction whose validity (its
 * expiring nonce) ended with no receipt: it was never broadcast, or dropped. Otherwise, without a receipt, it stays
 * pending: an operator looks at it with `admin payments --pending`. A card charge is looked up at Stripe instead: its
 * succeeded PaymentIntent makes it settled; anything else leaves it pending, never failed (a search that finds
 * nothing does not prove that nothing was charged).
 */
export async function reconcileMppSettlement(
  db: Db,
  settlement: WalletSettlement,
  setup: MppSetup,
): Promise<SettlementStatus> {
  const key = settlement.uniqueKey;
  let change: StateChange;
  if (!settlement.network.startsWith('tempo:')) {
    const credential = settlement.payload as unknown as Credential.Credential;
    const card = await findCardPayment(credential, settlement.amountCents, setup.stripe);
    change =
      card.kind === 'charged'
        ? await transition(db, key, 'settling', 'settled', {
            transaction: card.paymentIntent,
            paymentKey: `mpp:stripe:${card.paymentIntent}`,
          })
        : await transition(db, key, 'settling', 'settling', card.reason);
  } else {
    const chain = await tempoTransfer(settlement, setup);
    if (chain.kind === 'unknown') change = await transition(db, key, 'settling', 'settling', chain.reason);
    else if (chain.kind === 'landed') {
      change = await transition(db, key, 'settling', 'settled', {
        transaction: chain.hash,
        paymentKey: `mpp:tempo:${chain.hash}`,
      });
    } else change = await transition(db, key, 'settling', 'failed', chain.reason);
  }
  return change.status ?? 'pending';
}
