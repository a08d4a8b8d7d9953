import { describe, expect, it } from 'vitest';
import { decryptSecret, deriveKey, encryptSecret, SecretError } from '@/lib/ingest/secrets/encrypt-secret';

const key = deriveKey('a-configured-secret-of-at-least-32-characters');
const other = deriveKey('another-configured-secret-of-32-characters!!');
const plaintext = 'hunter2-basic-auth-password-ü';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof SecretError ? error.code : `not a SecretError: ${String(error)}`;
  }
  return undefined;
}

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, uses a fresh IV each time, and never shows the plaintext', () => {
    const sealed = encryptSecret(plaintext, key);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(decryptSecret(sealed, key)).toBe(plaintext);
    expect(encryptSecret(plaintext, key)).not.toBe(sealed);
    expect(sealed).not.toContain('hunter2');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain('hunter2');
  });

  it('detects a flipped byte in the data, the tag or the IV', () => {
    const sealed = encryptSecret(plaintext, key);
    for (const index of [1, 2, 3]) {
      const parts = sealed.split('.');
      const bytes = Buffer.from(parts[index] ?? '', 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      parts[index] = bytes.toString('base64url');
      expect(codeOf(() => decryptSecret(parts.join('.'), key))).toBe('authentication_failed');
    }
  });

  it('refuses a wrong key, a short secret, a bad format and an unknown version with typed errors', () => {
    const sealed = encryptSecret(plaintext, key);
    expect(codeOf(() => decryptSecret(sealed, other))).toBe('authentication_failed');
    expect(codeOf(() => deriveKey('too-short'))).toBe('invalid_key');
    expect(codeOf(() => decryptSecret(sealed, Buffer.alloc(16)))).toBe('invalid_key');
    expect(codeOf(() => decryptSecret('not encrypted', key))).toBe('malformed');
    expect(codeOf(() => decryptSecret(sealed.replace(/^v1/, 'v9'), key))).toBe('unsupported_version');
    expect(codeOf(() => decryptSecret(sealed.replace(/\.[^.]+$/, '.%%%'), key))).toBe('malformed');
    expect(codeOf(() => decryptSecret(undefined as unknown as string, key))).toBe('malformed');
  });

  it('derives the same key from the same secret and different keys from different secrets', () => {
    expect(deriveKey('a-configured-secret-of-at-least-32-characters').equals(key)).toBe(true);
    expect(key.equals(other)).toBe(false);
  });
});
