/** Refused inbound mail: not MIME, too large, or a provider payload that does not check out. */
export class InboundEmailError extends Error {
  constructor(
    readonly code: 'too_large' | 'not_mime' | 'bad_payload' | 'bad_signature' | 'stale_timestamp',
    message: string,
  ) {
    super(message);
    this.name = 'InboundEmailError';
  }
}
