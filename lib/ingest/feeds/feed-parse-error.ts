export type FeedParseReason = 'empty' | 'too_large' | 'not_a_feed' | 'malformed' | 'bad_feed_url';

/** A document that cannot be read as a feed; `reason` is for code, `message` for people. */
export class FeedParseError extends Error {
  readonly reason: FeedParseReason;

  constructor(reason: FeedParseReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedParseError';
    this.reason = reason;
  }
}
