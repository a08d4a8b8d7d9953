/** Where a post's body_text came from (posts.text_source). */
export type TextSource = 'feed_content' | 'feed_excerpt' | 'transcript' | 'transcription' | 'show_notes' | 'email';

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
