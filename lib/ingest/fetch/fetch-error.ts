import { redactUrl } from './redact-url';

/**
 * Why a fetch failed. `http_status` carries the status (410 means the feed is gone; 429 and 503 may carry
 * retryAfterSeconds); `bad_encoding` is a Content-Encoding we cannot decode or a corrupt compressed body.
 */
export type FetchErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'network'
  | 'bad_encoding';

type FetchErrorOptions = { url?: string | URL; status?: number; retryAfterSeconds?: number; cause?: unknown };

/**
 * A failed fetch. The message and `url` name the URL only through redactUrl, so no password, token or signed query
 * reaches a log; callers pass the URL here instead of writing it into the message themselves.
 */
export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** The URL of the hop that failed, redacted. */
  readonly url?: string;
  readonly status?: number;
  readonly retryAfterSeconds?: number;

  constructor(code: FetchErrorCode, message: string, options: FetchErrorOptions = {}) {
    const url = options.url === undefined ? undefined : redactUrl(options.url);
    super(url ? `${message} (${url})` : message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchError';
    this.code = code;
    if (url !== undefined) this.url = url;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
