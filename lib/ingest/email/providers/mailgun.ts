import { createHmac, timingSafeEqual } from 'node:crypto';
import { InboundEmailError } from '@/lib/ingest/email/inbound-email-error';
import { type InboundEmail, parseInboundEmail } from '@/lib/ingest/email/parse';

export type MailgunSignature = { timestamp: string; token: string; signature: string };

/**
 * Checks a Mailgun webhook signature: hex HMAC-SHA256 of timestamp + token under the webhook signing key, compared
 * in constant time, with the timestamp at most toleranceSeconds (default 300) from now to refuse replays.
 * Throws InboundEmailError (bad_signature or stale_timestamp).
 */
export function verifyMailgunSignature(
  fields: Partial<MailgunSignature>,
  signingKey: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): void {
  const { timestamp, token, signature } = fields;
  if (!signingKey) throw new InboundEmailError('bad_signature', 'no Mailgun signing key configured');
  if (!timestamp || !token || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) {
    throw new InboundEmailError('bad_signature', 'missing or malformed timestamp, token or signature');
  }
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    throw new InboundEmailError('bad_signature', 'Mailgun signature does not match');
  }
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new InboundEmailError('stale_timestamp', 'Mailgun timestamp is outside the replay window');
  }
}

/**
 * Reads the form fields of a Mailgun inbound route. With the MIME endpoint (field body-mime) the raw message is
 * parsed as any other mail; otherwise the parsed fields are used (From, subject, body-html, body-plain, and
 * Message-Id, Date, List-Id, List-Unsubscribe from message-headers). Verify the signature first.
 */
export async function parseMailgunPayload(
  fields: Record<string, string | undefined>,
  options: { maxBytes?: number } = {},
): Promise<InboundEmail> {
  if (fields['body-mime']) return parseInboundEmail(fields['body-mime'], options);
  let headers: [string, string][] = [];
  try {
    const parsed: unknown = JSON.parse(fields['message-headers'] ?? '[]');
    if (Array.isArray(parsed))
      headers = parsed.filter((h): h is [string, string] => Array.isArray(h) && h.length === 2);
  } catch {
    throw new InboundEmailError('bad_payload', 'message-headers is not JSON');
  }
  const mime = [
    ...headers
      .filter(([name]) => !/^content-/i.test(name) && !/^mime-version$/i.test(name))
      .map(([name, value]) => `${name}: ${String(value).replace(/[\r\n]+/g, ' ')}`),
  ];
  if (!headers.some(([name]) => /^from$/i.test(name)) && fields.from) mime.push(`From: ${fields.from}`);
  if (!headers.some(([name]) => /^subject$/i.test(name)) && fields.subject) mime.push(`Subject: ${fields.subject}`);
  const boundary = 'mailgun-fields-boundary-7c1e';
  mime.push('MIME-Version: 1.0', `Content-Type: multipart/alternative; boundary="${boundary}"`, '');
  for (const [type, body] of [
    ['text/plain', fields['body-plain']],
    ['text/html', fields['body-html']],
  ] as const) {
    if (!body) continue;
    mime.push(`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '');
    mime.push(Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'));
  }
  mime.push(`--${boundary}--`, '');
  return parseInboundEmail(mime.join('\r\n'), options);
}
