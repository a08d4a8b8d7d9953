import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deriveKey } from '@/lib/ingest/secrets/encrypt-secret';

/**
 * The key that encrypts private feed credentials at rest. FEED_CREDENTIALS_SECRET in production; on the embedded
 * default (no DATABASE_URL) a random secret generated once into DATA_DIR/feed-credentials.key (mode 0600), kept next
 * to the database it protects. A shared database without the variable gets no key: private feeds are then refused,
 * because each instance would invent a different one.
 */
export function feedCredentialsKey(config: {
  FEED_CREDENTIALS_SECRET?: string;
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Buffer | null {
  if (config.FEED_CREDENTIALS_SECRET) return deriveKey(config.FEED_CREDENTIALS_SECRET);
  if (config.DATABASE_URL) return null;
  const file = path.join(config.DATA_DIR, 'feed-credentials.key');
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return deriveKey(readFileSync(file, 'utf8').trim());
}
