import { randomBytes } from 'node:crypto';
import type { Queryable } from '@/lib/db/types';

/**
 * A secret the service keeps for itself: created once, by whichever instance asks first, and read by every instance
 * on the same database afterwards (so a cookie one instance encrypts, another can read).
 */
export async function serviceSecret(db: Queryable, name: string): Promise<string> {
  await db.query(`insert into service_secrets (name, value) values ($1, $2) on conflict (name) do nothing`, [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from service_secrets where name = $1`, [name]);
  if (!row) throw new Error(`service secret ${name} vanished`);
  return row.value;
}
