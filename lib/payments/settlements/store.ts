import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { Queryable } from '@/lib/db/types';

export type SettlementStatus = 'pending' | 'settled' | 'failed';

export interface WalletSettlement {
  uniqueKey: string;
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

const SELECT = `select s.*, exists (select 1 from payments p where p.unique_key = s.unique_key) as delivered
                  from wallet_settlements s`;

function fromRow(row: Row): WalletSettlement {
  return {
    uniqueKey: row.unique_key,
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
>;

// JSON goes in as text cast to jsonb: as a plain parameter postgres.js would encode the string once more.

/**
 * Written before the facilitator is asked to settle: from here on the money may move, so it must not be lost. A
 * payment that failed before and is presented again is settled again, so its failed row is reopened as pending.
 */
export async function openSettlement(db: Queryable, uniqueKey: string, settlement: NewSettlement): Promise<void> {
  await db.query(
    `insert into wallet_settlements (unique_key, protocol, status, resource, amount_cents, network, payer,
                                     payment_payload, payment_requirements, attempts)
     values ($1, 'x402', 'pending', $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb, 1)
     on conflict (unique_key) do update
       set status = 'pending', resource = excluded.resource, amount_cents = excluded.amount_cents,
           payer = excluded.payer, transaction = null, payment_payload = excluded.payment_payload,
           payment_requirements = excluded.payment_requirements, attempts = wallet_settlements.attempts + 1,
           last_error = null, updated_at = now()
       where wallet_settlements.status = 'failed'`,
    [
      uniqueKey,
      settlement.resource,
      settlement.amountCents,
      settlement.network,
      settlement.payer,
      JSON.stringify(settlement.payload),
      JSON.stringify(settlement.requirements),
    ],
  );
}

/** Records what the facilitator or the chain said: settled (with its transaction), failed, or still unknown. */
export async function resolveSettlement(
  db: Queryable,
  uniqueKey: string,
  outcome: { status: SettlementStatus; transaction?: string | null; payer?: string | null; error?: string },
): Promise<void> {
  await db.query(
    `update wallet_settlements
        set status = $2, transaction = coalesce($3, transaction), payer = coalesce($4, payer),
            last_error = $5, updated_at = now(),
            attempts = attempts + case when $2 = 'pending' then 1 else 0 end
      where unique_key = $1`,
    [
      uniqueKey,
      outcome.status,
      outcome.transaction ?? null,
      outcome.payer ?? null,
      outcome.error?.slice(0, 500) ?? null,
    ],
  );
}

export async function findSettlement(db: Queryable, uniqueKey: string): Promise<WalletSettlement | null> {
  const [row] = await db.query<Row>(`${SELECT} where s.unique_key = $1`, [uniqueKey]);
  return row ? fromRow(row) : null;
}

/** Settlements that need attention: outcome unknown, or settled but never delivered. Oldest first. */
export async function listOpenSettlements(db: Queryable, limit = 100): Promise<WalletSettlement[]> {
  const rows = await db.query<Row>(
    `${SELECT} where s.status = 'pending'
        or (s.status = 'settled' and not exists (select 1 from payments p where p.unique_key = s.unique_key))
      order by s.created_at limit $1`,
    [limit],
  );
  return rows.map(fromRow);
}
