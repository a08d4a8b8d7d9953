import { secretsEqual } from '@/lib/accounts/secret-token';

/** True when an Authorization header is "Bearer <secret>", compared in constant time; an empty secret never matches. */
export function checkBearer(header: string | null | undefined, secret: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  return match !== null && secretsEqual(match[1] ?? '', secret);
}
