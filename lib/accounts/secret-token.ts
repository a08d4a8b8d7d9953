import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret: prefix + 32 random bytes in base64url (256 bits), so guessing is hopeless. */
export function newSecretToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Secrets are stored only as their SHA-256; a lookup hashes the presented value the same way. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
