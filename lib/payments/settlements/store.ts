import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { Queryable } from '@/lib/db/types';

export type SettlementStatus = 'pending' | 'settled' | 'failed';
export type SettlementProtocol = 'x402' | 'mpp';

export interface WalletSettlement {
  uniqueKey: string;
  protocol: SettlementProtocol;
  /** The payments.unique_key it is recorded under: the x402 key itself; for MPP, set from the receipt. */
  paymentKey: string | null;
  status: SettlementStatus;
  resource: string;
  amountCents: number;
  network: string;
  payer: string | null;
  transaction: string | null;
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** True once a payment record holds this key, i.e. the content was delivered for it. */
  delivered: boolean;
}

interface Row {
  [key: string]: unknown;
  unique_key: string;
  protocol: SettlementProtocol;
  payment_key: string | null;
  status: SettlementStatus;
  resource: string;
  amount_cents: number;
  network: string;
  payer: string | null;
  transaction: string | null;
  payment_payload: PaymentPayload;
  payment_requirements: PaymentRequirements;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  delivered: boolean;
}

// An MPP row is keyed by its credential and recorded under its receipt (payment_key); an x402 row under its own key.
const RECORDED = `exists (select 1 from payments p where p.unique_key = coalesce(s.payment_key, s.unique_key))`;
const SELECT = `select s.*, ${RECORDED} as delivered from wallet_settlements s`;

function fromRow(row: Row): WalletSettlement {
  return {
    uniqueKey: row.unique_key,
    protocol: row.protocol,
    paymentKey: row.payment_key,
    status: row.status,
    resource: row.resource,
    amountCents: row.amount_cents,
    network: row.network,
    payer: row.payer,
    transaction: row.transaction,
    payload: row.payment_payload,
    requirements: row.payment_requirements,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    delivered: row.delivered,
  };
}

export type NewSettlement = Pick<
  WalletSettlement,
  'resource' | 'amountCents' | 'network' | 'payer' | 'payload' | 'requirements'
> & { protocol?: SettlementProtocol };

// JSON goes in as text cast to jsonb: as a plain parameter postgres.js would encode the string once more.

/**
 * The outcome of a compare-and-set: `applied` when the row was in a state the transition starts from and now holds
 * its target; otherwise nothing changed and `status` is the state found (null: no row), for the caller to act on.
 */
export interface StateChange {
  applied: boolean;
  status: SettlementStatus | null;
}

/** The states each target may be reached from. `settled` is terminal and wins over everything, `failed` included. */
const FROM: Record<SettlementStatus, SettlementStatus[]> = {
  pending: ['pending'],
  failed: ['pending'],
  settled: ['pending', 'failed'],
};

/**
 * Written before the facilitator (or mppx) is asked to settle: from here on the money may move, so it must not be
 * lost. A payment that failed before and is presented again is settled again, so its failed row is reopened as
 * pending; a pending or settled row is left as it is and reported.
 */
export async function openSettlement(
  db: Queryable,
  uniqueKey: string,
  settlement: NewSettlement,
): Promise<StateChange> {
  const rows = await db.query<{ status: SettlementStatus }>(
    `insert into wallet_settlements (unique_key, protocol, status, resource, amount_cents, network, payer,
                                     payment_payload, payment_requirements, attempts)
     values ($1, $8, 'pending', $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb, 1)
     on conflict (unique_key) do update
       set status = 'pending', resource = excluded.resource, amount_cents = excluded.amount_cents,
           payer = excluded.payer, transaction = null, payment_key = null, payment_payload = excluded.payment_payload,
           payment_requirements = excluded.payment_requirements, attempts = wallet_settlements.attempts + 1,
           last_error = null, updated_at = now()
       where wallet_settlements.status = 'failed'
     returning status`,
    [
      uniqueKey,
      settlement.resource,
      settlement.amountCents,
      settlement.network,
      settlement.payer,
      JSON.stringify(settlement.payload),
      JSON.stringify(settlement.requirements),
      settlement.protocol ?? 'x402',
    ],
  );
  return rows.length === 1
    ? { applied: true, status: 'pending' }
    : { applied: false, status: await statusOf(db, uniqueKey) };
}

/**
 * Records what the facilitator, mppx or the chain said: settled (with its transaction), failed, or still unknown,
 * as a compare-and-set on the states the target may be reached from (FROM).
 */
export async function resolveSettlement(
  db: Queryable,
  uniqueKey: string,
  outcome: {
    status: SettlementStatus;
    transaction?: string | null;
    payer?: string | null;
    error?: string;
    paymentKey?: string;
  },
): Promise<StateChange> {
  const rows = await db.query(
    `update wallet_settlements
        set status = $2, transaction = coalesce($3, transaction), payer = coalesce($4, payer),
            payment_key = coalesce($7, payment_key), last_error = $5, updated_at = now(),
            attempts = attempts + case when $2 = 'pending' then 1 else 0 end
      where unique_key = $1 and status = any($6::text[])
      returning status`,
    [
      uniqueKey,
      outcome.status,
      outcome.transaction ?? null,
      outcome.payer ?? null,
      outcome.error?.slice(0, 500) ?? null,
      FROM[outcome.status],
      outcome.paymentKey ?? null,
    ],
  );
  return rows.length === 1
    ? { applied: true, status: outcome.status }
    : { applied: false, status: await statusOf(db, uniqueKey) };
}

async function statusOf(db: Queryable, uniqueKey: string): Promise<SettlementStatus | null> {
  const [row] = await db.query<{ status: SettlementStatus }>(
    `select status from wallet_settlements where unique_key = $1`,
    [uniqueKey],
  );
  return row?.status ?? null;
}

export async function findSettlement(db: Queryable, uniqueKey: string): Promise<WalletSettlement | null> {
  const [row] = await db.query<Row>(`${SELECT} where s.unique_key = $1`, [uniqueKey]);
  return row ? fromRow(row) : null;
}

/**
 * The settlements the reconcile job decides: pending ones only, the longest untried first (every attempt moves
 * updated_at), so rows that stay unknown, or settled rows waiting for an operator, never starve newer ones.
 */
export async function listPendingSettlements(db: Queryable, limit = 100): Promise<WalletSettlement[]> {
  const rows = await db.query<Row>(`${SELECT} where s.status = 'pending' order by s.updated_at limit $1`, [limit]);
  return rows.map(fromRow);
}

/** Settlements that need attention: outcome unknown, or settled but never delivered. Oldest first. */
export async function listOpenSettlements(db: Queryable, limit = 100): Promise<WalletSettlement[]> {
  const rows = await db.query<Row>(
    `${SELECT} where s.status = 'pending' or (s.status = 'settled' and not ${RECORDED})
      order by s.created_at limit $1`,
    [limit],
  );
  return rows.map(fromRow);
}
