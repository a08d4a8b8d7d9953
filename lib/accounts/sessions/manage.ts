import { isUuid } from '@/lib/accounts/uuid';
import { type TableRow, typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import type { SessionTokenKind } from './issue';

export interface SessionTokenSummary {
  id: string;
  name: string;
  kind: SessionTokenKind;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  revokedAt: string | null;
}

/** A user's session tokens, newest first (never the tokens themselves: only their hashes are stored). */
export async function listSessionTokens(db: Queryable, userId: string, limit = 100): Promise<SessionTokenSummary[]> {
  const rows = await typed(db)
    .selectFrom('session_tokens')
    .select(['id', 'name', 'kind', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'])
    .$narrowType<{ kind: SessionTokenKind }>()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    expiresAt: r.expires_at.toISOString(),
    revokedAt: r.revoked_at?.toISOString() ?? null,
  }));
}

/** Revokes one of this user's session tokens; another user's token id (or an unknown one) gives null. */
export async function revokeSessionToken(
  db: Queryable,
  userId: string,
  id: string,
): Promise<{ id: string; revokedAt: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.query<Pick<TableRow<'session_tokens'>, 'id'> & { revoked_at: Date }>(
    `update session_tokens set revoked_at = coalesce(revoked_at, now()) where id = $1 and user_id = $2
     returning id, revoked_at`,
    [id, userId],
  );
  return row ? { id: row.id, revokedAt: row.revoked_at.toISOString() } : null;
}
