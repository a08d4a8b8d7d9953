/** Display formatting shared by the pages. Everything is rendered on the server, in UTC, so output is stable. */

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Nov 20, 2026" (UTC). */
export function formatDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

/** "Nov 20, 2026, 14:05 UTC". */
export function formatDateTime(date: Date): string {
  return `${DATE_TIME_FORMAT.format(date)} UTC`;
}

/** "$0.25" from a stored price in cents. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const PLATFORM_NAMES: Record<string, string> = { substack: 'Substack', beehiiv: 'Beehiiv', ghost: 'Ghost' };

/** How posts reach the service: the newsletter platform's name, RSS, Podcast or E-mail. */
export function sourceKindLabel(kind: string, platform: string | null): string {
  switch (kind) {
    case 'newsletter_platform':
      return platform ? (PLATFORM_NAMES[platform] ?? capitalize(platform)) : 'Newsletter';
    case 'rss':
      return 'RSS';
    case 'podcast':
      return 'Podcast';
    case 'email':
      return 'E-mail';
    default:
      return capitalize(kind);
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Feed data is untrusted: only http(s) URLs become links, so a stored "javascript:" URL can never run. */
export function safeHttpUrl(value: string | null): string | null {
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).toString();
  } catch {
    return null;
  }
}

/** The image to show for a publication: its stored http(s) or same-site image, else its generated avatar. */
export function avatarSrc(slug: string, imageUrl: string | null): string {
  if (imageUrl && /^\/(?!\/)/.test(imageUrl)) return imageUrl;
  return safeHttpUrl(imageUrl) ?? `/avatars/${encodeURIComponent(slug)}.svg`;
}

/** The host of a URL for a compact link label ("example.com"), or the URL itself when it does not parse. */
export function displayHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
