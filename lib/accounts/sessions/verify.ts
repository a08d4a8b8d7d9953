import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { Queryable } from '@/lib/db/types';

/**
 * The user behind a live session token, or null when it is unknown, expired or revoked. As for API keys,
 * `last_used_at` moves at most once a minute, so concurrent requests with one token do not queue on its row.
 */
export async function verifySessionToken(
  db: Queryable,
  token: string,
): Promise<{ userId: string; tokenId: string } | null> {
  const [row] = await db.query<{ id: string; user_id: string; stale: boolean }>(
    `select id, user_id, (last_used_at is null or last_used_at < now() - interval '1 minute') as stale
       from session_tokens where token_hash = $1 and revoked_at is null and expires_at > now()`,
    [hashSecretToken(token)],
  );
  if (!row) return null;
  if (row.stale) {
    await db.query(
      `update session_tokens set last_used_at = now()
        where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [row.id],
    );
  }
  return { userId: row.user_id, tokenId: row.id };
}
