import { LAST_USED_IS_STALE, touchLastUsed } from '@/lib/accounts/last-used';
import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/** The user behind a live session token, or null when it is unknown, expired or revoked. Its last use is recorded. */
export async function verifySessionToken(
  db: Queryable,
  token: string,
): Promise<{ userId: string; tokenId: string } | null> {
  const [row] = await db.query<Pick<TableRow<'session_tokens'>, 'id' | 'user_id'> & { stale: boolean }>(
    `select id, user_id, ${LAST_USED_IS_STALE} as stale
       from session_tokens where token_hash = $1 and revoked_at is null and expires_at > now()`,
    [hashSecretToken(token)],
  );
  if (!row) return null;
  if (row.stale) await touchLastUsed(db, 'session_tokens', row.id);
  return { userId: row.user_id, tokenId: row.id };
}
