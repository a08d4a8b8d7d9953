import { describe, expect, it } from 'vitest';
import { deriveKey } from '@/lib/ingest/secrets/encrypt-secret';
import { newWebhookSecret } from '@/lib/watches/secrets';
import { openSigningSecret, sealSigningSecret } from '@/lib/watches/signing-secret';

const key = deriveKey('a-key-for-watch-signing-secrets-0123456789');
const other = deriveKey('another-key-for-watch-signing-secrets-012345');

describe('signing secrets at rest', () => {
  it('stores a secret encrypted with a key, and reads it back only with that key', () => {
    const secret = newWebhookSecret();
    const stored = sealSigningSecret(secret, key);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret.slice(6, 20));
    expect(sealSigningSecret(secret, key)).not.toBe(stored);
    expect(openSigningSecret(stored, key)).toBe(secret);
    expect(() => openSigningSecret(stored, other)).toThrow(/altered or the key is wrong/);
    expect(() => openSigningSecret(stored, null)).toThrow(/FEED_CREDENTIALS_SECRET/);
  });

  it('stores it as it is without a key, and reads a plain whsec_ secret with or without one', () => {
    const secret = newWebhookSecret();
    expect(sealSigningSecret(secret, null)).toBe(secret);
    expect(openSigningSecret(secret, null)).toBe(secret);
    expect(openSigningSecret(secret, key)).toBe(secret);
  });
});
