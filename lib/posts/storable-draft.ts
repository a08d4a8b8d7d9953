import { createHash } from 'node:crypto';
import type { PostDraft } from './post-draft';
import { storableLine, storableOptional, storableText } from './storable-text';

/** Longest title kept, in characters (see storableLine). */
export const MAX_TITLE_LENGTH = 300;
const MAX_LINE_LENGTH = 1000;
/** A longer guid is stored as its digest: (publication_id, guid) is a unique B-tree index. */
const MAX_GUID_LENGTH = 500;

/** The draft as the database can store it: every text storable, one-line fields bounded, an over-long guid digested. */
export function storableDraft(draft: PostDraft): PostDraft {
  return {
    ...draft,
    guid: storableGuid(draft.guid),
    url: storableText(draft.url),
    title: storableLine(draft.title, MAX_TITLE_LENGTH) || 'Untitled',
    subtitle: draft.subtitle === null ? null : storableLine(draft.subtitle, MAX_LINE_LENGTH) || null,
    description: storableOptional(draft.description),
    author: draft.author === null ? null : storableLine(draft.author, MAX_LINE_LENGTH) || null,
    imageUrl: storableOptional(draft.imageUrl),
    audioUrl: storableOptional(draft.audioUrl),
    contentHtml: storableOptional(draft.contentHtml),
    bodyText: storableText(draft.bodyText),
    language: storableOptional(draft.language),
  };
}

/** The guid a post is stored under (see storableDraft): look posts up by this, not by the source's guid. */
export function storableGuid(sourceGuid: string): string {
  const guid = storableText(sourceGuid);
  return guid.length > MAX_GUID_LENGTH ? `hash:${createHash('sha256').update(guid).digest('hex').slice(0, 32)}` : guid;
}
