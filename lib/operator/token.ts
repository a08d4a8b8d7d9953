import { randomBytes } from 'node:crypto';
import { secretsEqual } from '@/lib/accounts/secret-token';
import { env } from '@/lib/env';

const holder = globalThis as typeof globalThis & { __operatorToken?: string };

/** The operator credential: OPERATOR_TOKEN when configured, else a random one made once per service process. */
export function operatorToken(): string {
  holder.__operatorToken ??= env().OPERATOR_TOKEN ?? randomBytes(32).toString('base64url');
  return holder.__operatorToken;
}

/** Constant-time check of an Authorization header against the operator token. */
export function isOperator(authorization: string | null): boolean {
  return isOperatorToken(authorization?.replace(/^Bearer\s+/i, '') ?? '');
}

/** Constant-time check of a bare bearer token against the operator token. */
export function isOperatorToken(token: string): boolean {
  return secretsEqual(token, operatorToken());
}
