/**
 * What an API key may read besides its own spending. Without a scope a key reads the account's balance and its own
 * debits and refunds only: a key handed to an agent should not learn the other keys' ids and spending, what the owner
 * bought, nor what the owner's sessions spent of the weekly allowance. `account:read` reads the whole account, as the
 * owner's session token and the dashboard do. The database checks the same list (migration 20261207100000).
 */
export const API_KEY_SCOPES = ['account:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes stored on a key's row, known ones only (the database admits no others). */
export function scopesFromRow(scopes: readonly string[] | null | undefined): ApiKeyScope[] {
  return (scopes ?? []).filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope));
}
