import { hashSecretToken, newSecretToken } from '@/lib/accounts/secret-token';
import type { Queryable } from '@/lib/db/types';

/** Session tokens are opaque bearer secrets; the prefix tells them apart from API keys in logs and support. */
export const SESSION_TOKEN_PREFIX = 'st_';
const SESSION_DAYS = 30;

export async function issueSessionToken(db: Queryable, userId: string): Promise<{ token: string; expiresAt: string }> {
  const token = newSecretToken(SESSION_TOKEN_PREFIX);
  const [row] = await db.query<{ expires_at: Date }>(
    `insert into session_tokens (user_id, token_hash, expires_at)
     values ($1, $2, now() + make_interval(days => $3)) returning expires_at`,
    [userId, hashSecretToken(token), SESSION_DAYS],
  );
  return { token, expiresAt: row!.expires_at.toISOString() };
}
