import { createHash } from 'node:crypto';
import type { Queryable } from '@/lib/db/types';
import { rawKey } from '@/lib/storage/raw-key';
import { fetchWithDeps } from './fetch-feed';
import type { SyncDeps } from './sync-deps';

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * Keeps a copy of the publication's image in object storage when it first appears or changes (the key records the
 * URL it came from). Best effort: an image that cannot be fetched never fails the sync.
 */
export async function keepPublicationImage(
  db: Queryable,
  publication: { id: string; slug: string; image_raw_key: string | null },
  imageUrl: string | null,
  deps: SyncDeps,
  log: (line: string) => void,
): Promise<void> {
  if (!imageUrl) return;
  const tag = createHash('sha256').update(imageUrl).digest('hex').slice(0, 12);
  if (publication.image_raw_key?.includes(tag)) return;
  try {
    const fetched = await fetchWithDeps(imageUrl, deps, { maxBytes: IMAGE_MAX_BYTES, accept: 'image/*' });
    const extension = fetched.status === 200 ? EXTENSIONS[fetched.contentType ?? ''] : undefined;
    if (fetched.status !== 200 || !extension) return;
    const key = rawKey('images', publication.slug, `${tag}.${extension}`);
    await deps.rawStore.put(key, fetched.body, fetched.contentType!);
    await db.query('update publications set image_raw_key = $2 where id = $1', [publication.id, key]);
  } catch (error) {
    log(`image of ${publication.slug} not kept: ${(error as Error).message}`);
  }
}
