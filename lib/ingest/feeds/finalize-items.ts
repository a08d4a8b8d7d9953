import { createHash } from 'node:crypto';
import type { FeedItem } from './feed-types';

export type DraftItem = Omit<FeedItem, 'guid'> & { guid: string | null };

/**
 * Gives every item a guid (its own, else its URL, else a digest of title and date, stable across polls) and drops
 * later items whose guid was already seen: feeds list the newest first, so the first is the current version.
 * Items with neither a title, a URL, content nor audio carry nothing to import and are dropped too.
 */
export function finalizeItems(drafts: DraftItem[]): { items: FeedItem[]; duplicateGuids: string[] } {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const items: FeedItem[] = [];
  for (const draft of drafts) {
    if (!draft.title && !draft.url && !draft.contentHtml && !draft.audio && !draft.description) continue;
    const guid = draft.guid ?? draft.url ?? fallbackGuid(draft);
    if (seen.has(guid)) {
      duplicates.add(guid);
      continue;
    }
    seen.add(guid);
    items.push({ ...draft, guid });
  }
  return { items, duplicateGuids: [...duplicates] };
}

function fallbackGuid(draft: DraftItem): string {
  const basis = [draft.title ?? '', draft.publishedAt?.toISOString() ?? '', draft.audio?.url ?? ''];
  if (!draft.title && !draft.publishedAt) basis.push(draft.contentHtml ?? draft.description ?? '');
  return `hash:${createHash('sha256').update(basis.join('\n')).digest('hex').slice(0, 32)}`;
}
