import { randomBytes } from 'node:crypto';
import { newSecretToken } from '@/lib/accounts/secret-token';

export const FEED_TOKEN_PREFIX = 'wft_';

/**
 * A Standard Webhooks signing secret: `whsec_` and base64 of 32 random bytes (the form the spec's libraries read; the
 * spec asks for 24 to 64 bytes).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The token that opens a watch's feeds (stored only as its SHA-256, as API keys are). */
export function newFeedToken(): string {
  return newSecretToken(FEED_TOKEN_PREFIX);
}
