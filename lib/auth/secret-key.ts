import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { serviceSecret } from './secret';

let cached: Promise<string> | undefined;

/** The key of sign-in cookies: NEXTAUTH_SECRET, or one the service made for itself and keeps in the database. */
export function authSecret(): Promise<string> {
  const configured = env().NEXTAUTH_SECRET;
  if (configured) return Promise.resolve(configured);
  cached ??= getDb()
    .then((db) => serviceSecret(db, 'nextauth'))
    .catch((error) => {
      cached = undefined;
      throw error;
    });
  return cached;
}
