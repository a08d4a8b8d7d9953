import { env } from '@/lib/env';
import { decryptSecret, encryptSecret } from '@/lib/ingest/secrets/encrypt-secret';
import { feedCredentialsKey } from '@/lib/ingest/sync/credentials-key';

/**
 * A watch's Standard Webhooks signing secret at rest. It cannot be hashed (signing needs it), so it is encrypted with
 * the key that protects private feed credentials (AES-256-GCM, lib/ingest/secrets): FEED_CREDENTIALS_SECRET, or on
 * the embedded default the key file beside the database. A copy of the database alone then cannot sign events. A
 * shared database without FEED_CREDENTIALS_SECRET has no key (instances would each invent one): the secret is stored
 * as it is there, and so are secrets stored before this existed; their `whsec_` prefix tells them apart.
 */
const PLAIN_PREFIX = 'whsec_';

export type SecretKey = Buffer | null;

let cached: { key: SecretKey } | undefined;

/** The configured key, read once per process (the embedded default's key file is made on first use). */
export function configuredSecretKey(): SecretKey {
  cached ??= { key: feedCredentialsKey(env()) };
  return cached.key;
}

/** What is stored for a new secret: encrypted when there is a key. */
export function sealSigningSecret(secret: string, key: SecretKey): string {
  return key ? encryptSecret(secret, key) : secret;
}

/** The secret a stored value holds; throws (SecretError) when it is encrypted and the key is missing or wrong. */
export function openSigningSecret(stored: string, key: SecretKey): string {
  if (stored.startsWith(PLAIN_PREFIX)) return stored;
  if (!key) throw new Error('The signing secret is encrypted but FEED_CREDENTIALS_SECRET is not set');
  return decryptSecret(stored, key);
}
