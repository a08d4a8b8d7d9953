import { normalizePublicationSlug } from '@/lib/publications/slug';

/** The key a publication is mapped by: "list:" + the List-Id when the mail has one, else "from:" + the sender. */
export function newsletterIdentity(input: { from: { address: string }; listId: string | null }): string {
  if (input.listId) return `list:${input.listId.toLowerCase()}`;
  return `from:${input.from.address.trim().toLowerCase()}`;
}

// Subdomains that mailing platforms put in front of a publisher's own domain.
const MAIL_SUBDOMAINS = new Set([
  'mail',
  'mails',
  'email',
  'emails',
  'news',
  'newsletter',
  'newsletters',
  'e',
  'm',
  'em',
  'mg',
  'send',
]);
// Second-level labels that, under a two-letter country code, form a public suffix (co.uk, com.au, co.jp…).
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'edu', 'ne', 'or', 'ltd', 'plc']);

function registrableLabelCount(labels: string[]): number {
  const n = labels.length;
  const isCountrySuffix = n >= 2 && labels[n - 1]?.length === 2 && SECOND_LEVEL.has(labels[n - 2] ?? '');
  return isCountrySuffix ? 3 : 2;
}

/**
 * The publication slug for a sender: the host of its domain, without one leading mail subdomain (mail., email.,
 * news., newsletter., e., m. …) when what remains is still a registrable domain: mail.acme.com → acme.com, but
 * mail.co.uk and news.com stay as they are. Returns null for an address without a valid domain.
 */
export function slugFromSender(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const host = normalizePublicationSlug(address.slice(at + 1));
  if (host === null) return null;
  const labels = host.split('.');
  if (labels.length > registrableLabelCount(labels) && MAIL_SUBDOMAINS.has(labels[0] ?? '')) {
    const rest = labels.slice(1);
    if (rest.length >= registrableLabelCount(rest)) return rest.join('.');
  }
  return host;
}
