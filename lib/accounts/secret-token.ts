import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A bearer secret: prefix + 32 random bytes in base64url (256 bits), so guessing is hopeless. */
export function newSecretToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Secrets are stored only as their SHA-256; a lookup hashes the presented value the same way. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Constant-time equality of a presented secret and the expected one, whatever their lengths: both are hashed first,
 * so neither the content nor the length leaks through timing. An empty expected secret never matches.
 */
export function secretsEqual(presented: string, expected: string): boolean {
  if (!expected) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
