import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { Queryable } from '@/lib/db/types';

/** The user behind a live session token, or null when it is unknown, expired or revoked. */
export async function verifySessionToken(db: Queryable, token: string): Promise<{ userId: string } | null> {
  const [row] = await db.query<{ user_id: string }>(
    `select user_id from session_tokens where token_hash = $1 and revoked_at is null and expires_at > now()`,
    [hashSecretToken(token)],
  );
  return row ? { userId: row.user_id } : null;
}
