import { createHash } from 'node:crypto';
import type { RefusedItem } from '@/lib/posts/post-draft';
import { storableGuid } from '@/lib/posts/storable-draft';
import { storableText } from '@/lib/posts/storable-text';
import { cleanLine as line } from './feed-text';
import type { FeedItem } from './feed-types';

export type DraftItem = Omit<FeedItem, 'guid'> & { guid: string | null };

/**
 * Gives every item a guid (its own, else its URL, else a digest of title and date, stable across polls) and drops
 * later items whose guid was already seen: feeds list the newest first, so the first is the current version.
 * Items with neither a title, a URL, content nor audio carry nothing to import and are dropped too. Every dropped
 * item is listed in `refused` with its reason. Text is made storable first (cleanLine), so two guids that differ only by
 * a control character or a broken surrogate are one guid, as they will be once stored.
 */
export function finalizeItems(drafts: DraftItem[]): {
  items: FeedItem[];
  duplicateGuids: string[];
  refused: RefusedItem[];
} {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const items: FeedItem[] = [];
  const refused: RefusedItem[] = [];
  for (const source of drafts) {
    const draft = cleanDraft(source);
    if (!draft.title && !draft.url && !draft.contentHtml && !draft.audio && !draft.description) {
      refused.push({ guid: draft.guid, title: null, reason: 'nothing_to_import' });
      continue;
    }
    // As it will be stored (an over-long guid digested), so duplicates are found among the stored forms.
    const guid = storableGuid(draft.guid ?? draft.url ?? fallbackGuid(draft));
    if (seen.has(guid)) {
      duplicates.add(guid);
      refused.push({ guid, title: draft.title, reason: 'duplicate_guid' });
      continue;
    }
    seen.add(guid);
    items.push({ ...draft, guid });
  }
  return { items, duplicateGuids: [...duplicates], refused };
}

function cleanDraft(draft: DraftItem): DraftItem {
  const html = draft.contentHtml === null ? null : storableText(draft.contentHtml);
  return {
    ...draft,
    guid: line(draft.guid),
    title: line(draft.title),
    subtitle: line(draft.subtitle),
    description: line(draft.description),
    contentHtml: html?.trim() ? html : null,
    author: line(draft.author),
    categories: draft.categories.map((category) => line(category)).filter((category) => category !== null),
    episodeType: line(draft.episodeType),
  };
}

function fallbackGuid(draft: DraftItem): string {
  const basis = [draft.title ?? '', draft.publishedAt?.toISOString() ?? '', draft.audio?.url ?? ''];
  if (!draft.title && !draft.publishedAt) basis.push(draft.contentHtml ?? draft.description ?? '');
  return `hash:${createHash('sha256').update(basis.join('\n')).digest('hex').slice(0, 32)}`;
}
