import { hashSecretToken, newSecretToken } from '@/lib/accounts/secret-token';
import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/** Session tokens are opaque bearer secrets; the prefix tells them apart from API keys in logs and support. */
export const SESSION_TOKEN_PREFIX = 'st_';
const SESSION_DAYS = 30;

/** 'dashboard': the token of one browser sign-in (revoked at sign-out); 'agent': one a user made for an agent. */
export type SessionTokenKind = 'agent' | 'dashboard';

export interface IssuedSessionToken {
  id: string;
  /** The raw token. It is returned here once and never stored. */
  token: string;
  name: string;
  expiresAt: string;
}

export async function issueSessionToken(
  db: Queryable,
  userId: string,
  options: { name?: string; kind?: SessionTokenKind } = {},
): Promise<IssuedSessionToken> {
  const name = (options.name ?? 'session').trim();
  if (name.length < 1 || name.length > 100) throw new Error('token name must be 1-100 characters');
  const token = newSecretToken(SESSION_TOKEN_PREFIX);
  const [row] = await db.query<Pick<TableRow<'session_tokens'>, 'id' | 'expires_at'>>(
    `insert into session_tokens (user_id, token_hash, expires_at, name, kind)
     values ($1, $2, now() + make_interval(days => $3), $4, $5) returning id, expires_at`,
    [userId, hashSecretToken(token), SESSION_DAYS, name, options.kind ?? 'agent'],
  );
  return { id: row!.id, token, name, expiresAt: row!.expires_at.toISOString() };
}
