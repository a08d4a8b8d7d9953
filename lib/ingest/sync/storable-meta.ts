import type { FeedMeta } from '@/lib/ingest/feeds/feed-types';
import { storableLine, storableOptional } from '@/lib/posts/storable-text';

const MAX_NAME_LENGTH = 300;

const line = (text: string | null) => (text === null ? null : storableLine(text, MAX_NAME_LENGTH) || null);

/** A feed's metadata as the publications row can store it (lib/posts/storable-text.ts): the same rules as posts. */
export function storableMeta(meta: FeedMeta): FeedMeta {
  return {
    ...meta,
    title: line(meta.title),
    description: storableOptional(meta.description),
    imageUrl: storableOptional(meta.imageUrl),
    language: storableOptional(meta.language),
    authorName: line(meta.authorName),
    authorEmail: line(meta.authorEmail),
    copyright: line(meta.copyright),
    podcast: meta.podcast && {
      ...meta.podcast,
      author: line(meta.podcast.author),
      ownerName: line(meta.podcast.ownerName),
      ownerEmail: line(meta.podcast.ownerEmail),
      imageUrl: storableOptional(meta.podcast.imageUrl),
    },
  };
}
