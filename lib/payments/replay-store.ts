import { Store } from 'mppx';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { decodeBigintJson as decode, encodeBigintJson as encode } from '@/lib/payments/bigint-json';

/**
 * mppx's replay and state store, kept in Postgres (payment_replay_keys) so a credential used once is refused by every
 * process and after restarts; mppx's default store is per-process memory. The x402 flow claims and releases its
 * authorization nonces here too, through the states of lib/payments/settlements/states.ts.
 */
export function postgresPaymentStore(): Store.AtomicStore {
  return Store.from({
    async get(key: string) {
      const [row] = await (await getDb()).query<{ value: string }>(
        `select value from payment_replay_keys where key = $1`,
        [key],
      );
      return row ? decode(row.value) : null;
    },
    async put(key: string, value: unknown) {
      await putValue(await getDb(), key, value);
    },
    async delete(key: string) {
      await (await getDb()).query(`delete from payment_replay_keys where key = $1`, [key]);
    },
    async update(key: string, fn: (current: unknown) => Store.Change<unknown, unknown>) {
      const db = await getDb();
      return db.transaction(async (tx) => {
        // Serializes updates of one key across connections, including the first one (no row to lock yet).
        await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 7))`, [key]);
        const [row] = await tx.query<{ value: string }>(`select value from payment_replay_keys where key = $1`, [key]);
        const change = fn(row ? decode(row.value) : null);
        if (change.op === 'set') {
          await putValue(tx, key, change.value);
        } else if (change.op === 'delete') {
          await tx.query(`delete from payment_replay_keys where key = $1`, [key]);
        }
        return change.result;
      });
    },
    async tryClaim(key: string, expires: number) {
      return claimKey(key, { expires, type: 'mppx:replay' }, new Date(expires));
    },
  } as Store.AtomicStore) as Store.AtomicStore;
}

/** Claims a key once: true for the first claimant, false while an unexpired claim exists. */
export async function claimKey(key: string, value: unknown, expires: Date): Promise<boolean> {
  const rows = await (await getDb()).query(
    `insert into payment_replay_keys (key, value, expires_at) values ($1, $2, $3)
     on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
       where payment_replay_keys.expires_at is not null and payment_replay_keys.expires_at <= now()
     returning key`,
    [key, encode(value), expires],
  );
  return rows.length === 1;
}

/** True while an unexpired claim on key exists. */
export async function isClaimed(key: string): Promise<boolean> {
  const rows = await (await getDb()).query(
    `select 1 from payment_replay_keys where key = $1 and (expires_at is null or expires_at > now())`,
    [key],
  );
  return rows.length > 0;
}

export async function releaseKey(key: string): Promise<void> {
  await (await getDb()).query(`delete from payment_replay_keys where key = $1`, [key]);
}

async function putValue(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `insert into payment_replay_keys (key, value, expires_at) values ($1, $2, $3)
     on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
    [key, encode(value), expiresAt(value)],
  );
}

function expiresAt(value: unknown): Date | null {
  const expires = (value as { type?: unknown; expires?: unknown } | null)?.expires;
  return typeof expires === 'number' ? new Date(expires) : null;
}
