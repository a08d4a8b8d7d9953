import { secretsEqual } from '@/lib/accounts/secret-token';
import { appContext } from '@/lib/app/process-context';

/** Constant-time check of an Authorization header against the operator token. */
export function isOperator(authorization: string | null): Promise<boolean> {
  return isOperatorToken(authorization?.replace(/^Bearer\s+/i, '') ?? '');
}

/** Constant-time check of a bare bearer token against the operator token (AppContext.operatorToken). */
export async function isOperatorToken(token: string): Promise<boolean> {
  return secretsEqual(token, (await appContext()).operatorToken);
}
