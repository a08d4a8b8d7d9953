import { createHash } from 'node:crypto';
import PostalMime from 'postal-mime';
import { believableDate } from '@/lib/ingest/feeds/feed-values';
import { storableText } from '@/lib/posts/storable-text';
import { InboundEmailError } from './inbound-email-error';

export type InboundEmail = {
  messageId: string;
  from: { address: string; name: string };
  listId: string | null;
  listUnsubscribe: string | null;
  subject: string;
  date: Date | null;
  html: string | null;
  text: string | null;
  inReplyTo: string | null;
};

export const DEFAULT_MAX_EMAIL_BYTES = 10 * 1024 * 1024;
/**
 * A longer Message-ID is replaced by a digest of itself: it becomes the post's guid, and posts are unique on
 * (publication, guid) in a B-tree index, whose entries must stay small (RFC 5322 allows 998 characters a line).
 */
export const MAX_MESSAGE_ID_LENGTH = 500;

// Node 20's TextDecoder turns windows-1252 bytes 0x80-0x9F into C1 control characters (nodejs/node#60888).
// C1 controls never occur in real mail text, so each is mapped back to the windows-1252 character it stands for.
const C1_TO_CP1252: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

/** C1 controls mapped back, then text as the database can hold it (no NUL, no lone surrogate: storableText). */
function fixC1(value: string): string {
  return storableText(value.replace(/[\u0080-\u009f]/g, (char) => C1_TO_CP1252[char.charCodeAt(0)] ?? ''));
}

function stripAngles(value: string | undefined | null): string | null {
  const trimmed = value == null ? '' : storableText(value).trim();
  if (!trimmed) return null;
  return trimmed.replace(/^<+/, '').replace(/>+$/, '').trim() || null;
}

/** A Message-ID within MAX_MESSAGE_ID_LENGTH: a longer one is "derived-" + its own digest, the same on redelivery. */
function boundedMessageId(id: string | null): string | null {
  if (id === null || id.length <= MAX_MESSAGE_ID_LENGTH) return id;
  return `derived-${createHash('sha256').update(id).digest('hex').slice(0, 32)}`;
}

function header(headers: { key: string; value: string }[], name: string): string | null {
  return headers.find((entry) => entry.key === name)?.value ?? null;
}

/** The part of List-Id inside <…> ("Macro Notes <macro-notes.example.com>" → "macro-notes.example.com"). */
function parseListId(value: string | null): string | null {
  if (value === null) return null;
  const inside = /<([^<>]+)>/.exec(value)?.[1] ?? value;
  return inside.trim().toLowerCase() || null;
}

/**
 * A message without a Message-ID gets "derived-" + the SHA-256 (hex, first 32 characters) of the sender address,
 * the Date header, the subject and the text (or HTML) body, joined by newlines: the same mail delivered twice gets
 * the same id, so dedupe on messageId still works.
 */
export function derivedMessageId(parts: { from: string; date: string; subject: string; body: string }): string {
  const hash = createHash('sha256')
    .update([parts.from, parts.date, parts.subject, parts.body].join('\n'))
    .digest('hex');
  return `derived-${hash.slice(0, 32)}`;
}

/**
 * Parses a raw RFC 822 message into the fields the catalogue needs; refuses garbage with InboundEmailError. Text comes
 * out as the database can store it (storableText); a date more than a day ahead of `now` or before 1900 is dropped, as a
 * feed's is (believableDate).
 */
export async function parseInboundEmail(
  raw: Buffer | string,
  options: { maxBytes?: number; now?: Date } = {},
): Promise<InboundEmail> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_EMAIL_BYTES;
  const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  if (size > maxBytes) throw new InboundEmailError('too_large', `message is ${size} bytes, the limit is ${maxBytes}`);
  if (size === 0) throw new InboundEmailError('not_mime', 'message is empty');
  const head = (typeof raw === 'string' ? raw : raw.subarray(0, 8192).toString('latin1')).slice(0, 8192);
  // A MIME message starts with header lines ("Name: value"); anything else is not mail.
  if (!/^[!-9;-~]+:/.test(head.replace(/^\uFEFF/, ''))) {
    throw new InboundEmailError('not_mime', 'input does not start with a mail header');
  }
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(typeof raw === 'string' ? raw : new Uint8Array(raw));
  } catch (error) {
    throw new InboundEmailError('not_mime', `unreadable MIME: ${(error as Error).message}`);
  }
  const address = (email.from?.address ?? email.sender?.address ?? '').trim().toLowerCase();
  if (!address.includes('@')) throw new InboundEmailError('not_mime', 'message has no From address');
  const subject = fixC1(email.subject ?? '');
  const dateHeader = header(email.headers, 'date') ?? '';
  const parsedDate = email.date ? new Date(email.date) : null;
  const html = email.html ? fixC1(email.html) : null;
  const text = email.text ? fixC1(email.text) : null;
  const messageId =
    boundedMessageId(stripAngles(email.messageId)) ??
    derivedMessageId({ from: address, date: dateHeader, subject, body: text ?? html ?? '' });
  return {
    messageId,
    from: { address, name: fixC1(email.from?.name ?? '').trim() },
    listId: parseListId(header(email.headers, 'list-id')),
    listUnsubscribe: header(email.headers, 'list-unsubscribe')?.trim() ?? null,
    subject,
    date: believableDate(parsedDate, options.now ?? new Date()),
    html,
    text,
    inReplyTo: boundedMessageId(stripAngles(email.inReplyTo)),
  };
}
