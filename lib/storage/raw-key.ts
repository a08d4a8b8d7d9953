import { createHash } from 'node:crypto';
import { RawStoreError } from './raw-store';

// One segment: lower-case letters, digits, '.', '_', '-', never starting with '.' (so no '.', '..' or hidden files).
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]*$/;
const MAX_SEGMENT = 200;
// Supabase Storage accepts object names up to 1024 bytes; a folder on disk wants far less per path.
const MAX_KEY = 512;
const EXTENSION = /^[a-z0-9]{1,10}$/;

function invalid(key: string, why: string): RawStoreError {
  return new RawStoreError({ code: 'invalid_key', operation: 'key', key, message: `Invalid raw key: ${why}` });
}

/** Throws a RawStoreError unless `key` is a relative path of safe segments; every store calls it on every key. */
export function assertRawKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw invalid(String(key), 'empty or not a string');
  const shown = key.slice(0, 80);
  if (key.length > MAX_KEY) throw invalid(shown, `longer than ${MAX_KEY} characters`);
  for (const segment of key.split('/')) {
    if (segment.length > MAX_SEGMENT || !SEGMENT.test(segment)) {
      throw invalid(shown, 'segments must match [a-z0-9_-][a-z0-9._-]* (no "..", no absolute path, no empty segment)');
    }
  }
}

/** Joins segments into a key; refuses (does not repair) any segment that is unsafe. */
export function rawKey(...segments: string[]): string {
  const key = segments.join('/');
  assertRawKey(key);
  return key;
}

function extension(ext: string): string {
  const clean = ext.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(clean)) throw invalid(ext.slice(0, 20), 'extension must be 1-10 letters or digits');
  return clean;
}

/**
 * `emails/<publication>/<sha256(message-id)>.eml`. The Message-ID is hashed because it is sender-controlled text
 * (any characters, any length); the same message arriving twice lands on the same key.
 */
export function emailRawKey(publicationSlug: string, messageId: string): string {
  const hash = createHash('sha256').update(messageId, 'utf8').digest('hex').slice(0, 40);
  return rawKey('emails', publicationSlug, `${hash}.eml`);
}

/** `transcripts/<post-id>.<ext>` */
export function transcriptRawKey(postId: string, ext: string): string {
  return rawKey('transcripts', `${postId}.${extension(ext)}`);
}

/** `images/<publication>.<ext>` */
export function imageRawKey(publicationSlug: string, ext: string): string {
  return rawKey('images', `${publicationSlug}.${extension(ext)}`);
}
