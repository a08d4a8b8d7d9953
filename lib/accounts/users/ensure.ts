import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { parseUserEmail } from './email';

export interface User {
  id: string;
  email: string;
  createdAt: string;
  created: boolean;
}

/** Returns the user with this e-mail, creating it first when new (idempotent, safe under concurrency). */
export async function ensureUser(db: Queryable, email: string): Promise<User> {
  const normalized = parseUserEmail(email);
  const inserted = await typed(db)
    .insertInto('users')
    .values({ email: normalized })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (inserted)
    return { id: inserted.id, email: normalized, createdAt: inserted.created_at.toISOString(), created: true };
  const existing = await findUserByEmail(db, normalized);
  if (!existing) throw new Error(`user ${normalized} vanished while being created`);
  return { ...existing, created: false };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<Omit<User, 'created'> | null> {
  const row = await typed(db)
    .selectFrom('users')
    .select(['id', 'email', 'created_at'])
    .where('email', '=', parseUserEmail(email))
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, createdAt: row.created_at.toISOString() } : null;
}

/** Like findUserByEmail, for commands that must name an existing user. */
export async function requireUserByEmail(db: Queryable, email: string): Promise<Omit<User, 'created'>> {
  const user = await findUserByEmail(db, email);
  if (!user)
    throw new Error(`no user with e-mail ${parseUserEmail(email)} (create one with: users create --email ...)`);
  return user;
}
