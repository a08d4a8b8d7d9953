import { API_KEY_PREFIX } from '@/lib/accounts/api-keys/create';
import type { ApiKeyScope } from '@/lib/accounts/api-keys/scopes';
import { verifyApiKey } from '@/lib/accounts/api-keys/verify';
import { verifySessionToken } from '@/lib/accounts/sessions/verify';
import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import { readCredential } from '@/lib/payments/credential';

/** The account behind a request's Bearer credential, and which credential it is. */
export interface BearerIdentity {
  userId: string;
  kind: 'api_key' | 'session_token';
  id: string;
  /**
   * What it may read: a session token (the signed-in owner) reads the whole account; an API key only with the
   * `account:read` scope, otherwise the balance and its own spending (lib/accounts/api-keys/scopes.ts).
   */
  scopes: ApiKeyScope[];
}

/** Whether the credential reads the whole account: every key's spending, purchases and the weekly allowance. */
export function readsWholeAccount(identity: BearerIdentity): boolean {
  return identity.scopes.includes('account:read');
}

/**
 * Who a request's `Authorization: Bearer …` is: an API key (pk_svc_…) or a session token. Anything else, or none, is
 * a 401 `unauthorized`: the account routes show one account's money and are never bought, so they never answer 402.
 */
export async function identifyBearer(db: Queryable, headers: Headers): Promise<BearerIdentity> {
  const credential = readCredential(headers);
  if (credential.kind !== 'bearer') {
    throw new ApiError({
      code: 'unauthorized',
      message: 'Send "Authorization: Bearer <API key or session token>" to read this account.',
    });
  }
  if (credential.token.startsWith(API_KEY_PREFIX)) {
    const key = await verifyApiKey(db, credential.token);
    if (!key) throw new ApiError({ code: 'unauthorized', message: 'Invalid or revoked API key.' });
    return { userId: key.userId, kind: 'api_key', id: key.apiKeyId, scopes: key.scopes };
  }
  const session = await verifySessionToken(db, credential.token);
  if (!session) {
    throw new ApiError({
      code: 'unauthorized',
      message: 'Invalid, expired or revoked session token (API keys start with pk_svc_).',
    });
  }
  return { userId: session.userId, kind: 'session_token', id: session.tokenId, scopes: ['account:read'] };
}
