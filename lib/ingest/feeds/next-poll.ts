import type { FeedMeta } from './feed-types';

export type NextPollOptions = {
  now: Date;
  /** The feed response's Cache-Control header, if any. */
  cacheControl?: string | null;
  /** Interval when neither the feed nor the server asks for one (default 60). */
  defaultMinutes?: number;
  /** Never sooner than this, whatever max-age says (default 15): a max-age of 0 is not an invitation to hammer. */
  minMinutes?: number;
  /** Never later than this, whatever ttl says (default 1440): a year-long ttl would freeze the publication. */
  maxMinutes?: number;
};

const HOUR_MS = 60 * 60 * 1000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * When to fetch a feed next: the longer of what the server (Cache-Control max-age) and the feed (RSS ttl, or the
 * syndication module's period) ask for, within [min, max], then moved past the GMT hours and days the feed asks
 * readers to skip (skipHours, skipDays). If the feed skips every hour of the week, the skip rules are ignored.
 */
export function nextPollAt(
  meta: Pick<FeedMeta, 'ttlMinutes' | 'skipHours' | 'skipDays'>,
  options: NextPollOptions,
): Date {
  const minimum = options.minMinutes ?? 15;
  const maximum = Math.max(minimum, options.maxMinutes ?? 1440);
  const asked = [meta.ttlMinutes, maxAgeMinutes(options.cacheControl)].filter(
    (value): value is number => value !== null,
  );
  const wanted = asked.length > 0 ? Math.max(...asked) : (options.defaultMinutes ?? 60);
  const delay = Math.min(maximum, Math.max(minimum, wanted));
  let next = new Date(options.now.getTime() + delay * 60_000);
  const skipped = (date: Date) =>
    meta.skipHours.includes(date.getUTCHours()) || meta.skipDays.includes(WEEKDAYS[date.getUTCDay()] ?? '');
  for (let step = 0; step < 24 * 7 && skipped(next); step++) {
    next = new Date(Math.floor(next.getTime() / HOUR_MS + 1) * HOUR_MS);
  }
  return skipped(next) ? new Date(options.now.getTime() + delay * 60_000) : next;
}

/** max-age (or s-maxage) in minutes, rounded up; null when absent, unreadable, or the response must not be cached. */
export function maxAgeMinutes(cacheControl: string | null | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl.toLowerCase();
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/.test(directives)) return null;
  const match = /(?:^|,)\s*(?:s-maxage|max-age)\s*=\s*"?(\d{1,10})"?\s*(?:,|$)/.exec(directives);
  return match?.[1] ? Math.ceil(Number(match[1]) / 60) : null;
}
