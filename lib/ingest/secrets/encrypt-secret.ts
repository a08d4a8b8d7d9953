import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Private feed credentials (basic-auth passwords, URL tokens) are stored encrypted with AES-256-GCM in a compact,
 * versioned text form `v1.<iv>.<tag>.<data>` (base64url), so the format can change without guessing. GCM's tag makes
 * any change to the stored text, or a wrong key, a typed error instead of garbage.
 */
export type SecretErrorCode = 'invalid_key' | 'malformed' | 'unsupported_version' | 'authentication_failed';

export class SecretError extends Error {
  readonly code: SecretErrorCode;
  constructor(code: SecretErrorCode, message: string) {
    super(message);
    this.name = 'SecretError';
    this.code = code;
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MIN_SECRET_CHARS = 32;
const PART = /^[A-Za-z0-9_-]*$/;

function checkKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new SecretError('invalid_key', 'Secret key must be 32 bytes');
}

/** A 32-byte key from a configured secret of at least 32 characters (HKDF-SHA256, fixed salt and purpose). */
export function deriveKey(secretText: string): Buffer {
  if (typeof secretText !== 'string' || secretText.length < MIN_SECRET_CHARS) {
    throw new SecretError('invalid_key', `The credentials secret must be at least ${MIN_SECRET_CHARS} characters`);
  }
  return Buffer.from(hkdfSync('sha256', secretText, 'feed-credentials', 'aes-256-gcm v1', 32));
}

export function encryptSecret(plaintext: string, key: Buffer): string {
  checkKey(key);
  if (typeof plaintext !== 'string') throw new SecretError('malformed', 'Only text can be encrypted');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(ciphertext: string, key: Buffer): string {
  checkKey(key);
  const parts = typeof ciphertext === 'string' ? ciphertext.split('.') : [];
  if (parts.length !== 4)
    throw new SecretError('malformed', 'Encrypted secret is not in the v1.<iv>.<tag>.<data> form');
  const [version = '', ivText = '', tagText = '', dataText = ''] = parts;
  if (version !== VERSION) throw new SecretError('unsupported_version', 'Encrypted secret has an unknown version');
  if (![ivText, tagText, dataText].every((part) => PART.test(part))) {
    throw new SecretError('malformed', 'Encrypted secret is not base64url');
  }
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretError('malformed', 'Encrypted secret has a wrong IV or tag length');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretError('authentication_failed', 'Encrypted secret was altered or the key is wrong');
  }
}
