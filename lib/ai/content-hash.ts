import { createHash } from 'node:crypto';

/**
 * The text as hashed: Unicode NFC, line endings unified, runs of whitespace collapsed, trimmed. Whitespace-only
 * re-renders of the same post (a feed re-wrapping lines) therefore hash the same and are not summarized twice.
 */
export function normalizeForHash(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** sha256 (hex) of the normalized text: the key of "never summarize or extract the same content twice". */
export function contentHash(text: string): string {
  return createHash('sha256').update(normalizeForHash(text), 'utf8').digest('hex');
}
