/** Where a post's body_text came from (posts.text_source); web_page is the main text of the item's article page. */
export type TextSource =
  | 'feed_content'
  | 'feed_excerpt'
  | 'transcript'
  | 'transcription'
  | 'show_notes'
  | 'email'
  | 'web_page';

/**
 * What a post's article page gave, when one was wanted (posts.page_outcome): pending (not fetched yet), read (its
 * text is the post's), feed_complete (no longer than the feed text, which was the whole post), or why the teaser
 * stays: paywalled, blocked, unreadable, failed.
 */
export type PageOutcome = 'pending' | 'read' | 'feed_complete' | 'paywalled' | 'blocked' | 'unreadable' | 'failed';

/** The article page's bookkeeping on a post (lib/ingest/article): what it gave, when, for which feed text. */
export interface PageState {
  outcome: PageOutcome;
  /** When the page was last fetched; null while pending. */
  checkedAt: Date | null;
  /** contentHash of the feed text the page was fetched for: a read page is kept while the item stays the same. */
  feedHash: string | null;
}

/** A post as a source delivers it (a feed item, an e-mail), ready to store: sanitized HTML and plain text. */
export interface PostDraft {
  /** Identity within the publication: the feed's guid, else the link; an e-mail's Message-ID. */
  guid: string;
  url: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  author: string | null;
  imageUrl: string | null;
  audioUrl: string | null;
  /** Sanitized HTML, or null when the source has none (a podcast transcript, a plain-text mail). */
  contentHtml: string | null;
  /** What search indexes and the generators read. */
  bodyText: string;
  textSource: TextSource;
  /** The text is the feed's teaser and no article page replaced it (lib/posts/teaser.ts); false when absent. */
  teaser?: boolean;
  /** The article page's state when one was wanted; absent or null when none was (every non-feed source). */
  page?: PageState | null;
  language: string | null;
  publishedAt: Date | null;
  rawKey?: string | null;
  rawContentType?: string | null;
}

/** A source item that was not stored, and why (a parser's reason such as `duplicate_guid`, or the database's refusal). */
export interface RefusedItem {
  guid: string | null;
  title: string | null;
  reason: string;
}
