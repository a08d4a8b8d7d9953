/**
 * When to poll a feed next, as Miniflux's entry-frequency scheduler does: the interval is a week divided by the
 * posts of the last week, clamped to [min, max]; a feed with no post in a week is polled at the max. Never earlier
 * than the feed asks (Cache-Control max-age, RSS ttl, a Retry-After on the last error), moved out of RSS skipHours
 * and skipDays (UTC, as RSS defines them), and backed off exponentially, deterministically, on consecutive failures.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK = 7 * 24 * HOUR;
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export interface NextPollInput {
  now: Date;
  recentPublishedAt: Date[];
  cacheControlMaxAgeSeconds?: number;
  ttlMinutes?: number;
  /** RSS skipHours: 0-23, UTC. */
  skipHours?: number[];
  /** RSS skipDays: English day names. */
  skipDays?: string[];
  consecutiveFailures: number;
  lastError?: { retryAfterSeconds?: number };
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** First retry after a failure; doubles per further failure up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
}

export interface NextPoll {
  at: Date;
  reason: string;
}

const positive = (value: number | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

function minutes(ms: number): string {
  return ms >= HOUR && ms % HOUR === 0 ? `${ms / HOUR}h` : `${Math.round(ms / MINUTE)}m`;
}

export function nextPollAt(input: NextPollInput): NextPoll {
  const now = input.now.getTime();
  if (!(input.now instanceof Date) || Number.isNaN(now)) throw new RangeError('nextPollAt needs a valid now');
  const min = input.minIntervalMs ?? 15 * MINUTE;
  const max = input.maxIntervalMs ?? 24 * HOUR;
  const backoffBase = input.backoffBaseMs ?? 15 * MINUTE;
  const maxBackoff = input.maxBackoffMs ?? 24 * HOUR;
  if (!(min > 0 && max >= min && backoffBase > 0 && maxBackoff >= backoffBase)) {
    throw new RangeError('nextPollAt bounds must satisfy 0 < min <= max and 0 < backoffBase <= maxBackoff');
  }
  const reasons: string[] = [];

  // Future dates (clock skew, hostile feeds) and invalid dates do not count.
  const weekly = (input.recentPublishedAt ?? []).filter((d) => {
    const t = d instanceof Date ? d.getTime() : Number.NaN;
    return t > now - WEEK && t <= now;
  }).length;
  let wait = weekly === 0 ? max : Math.min(max, Math.max(min, Math.round(WEEK / weekly)));
  reasons.push(`${weekly} posts/week → ${minutes(wait)}`);

  const asks: [string, number | undefined][] = [
    ['max-age', positive(input.cacheControlMaxAgeSeconds) ? input.cacheControlMaxAgeSeconds * 1000 : undefined],
    ['ttl', positive(input.ttlMinutes) ? input.ttlMinutes * MINUTE : undefined],
  ];
  for (const [name, asked] of asks) {
    // What a feed asks is honoured up to max: a hostile ttl must not park a feed for a year.
    if (asked !== undefined && asked > wait) {
      wait = Math.min(max, asked);
      reasons.push(`${name} → ${minutes(wait)}`);
    }
  }

  const failures = Number.isInteger(input.consecutiveFailures) ? Math.max(0, input.consecutiveFailures) : 0;
  if (failures > 0) {
    const backoff = Math.min(maxBackoff, backoffBase * 2 ** Math.min(failures - 1, 30));
    const retryAfter = input.lastError?.retryAfterSeconds;
    const asked = positive(retryAfter) ? Math.min(maxBackoff, retryAfter * 1000) : 0;
    wait = Math.max(wait, backoff, asked);
    reasons.push(`${failures} failures → ${minutes(wait)}`);
  }

  let at = now + wait;
  const skipHours = new Set((input.skipHours ?? []).filter((h) => Number.isInteger(h) && h >= 0 && h <= 23));
  const skipDays = new Set((input.skipDays ?? []).map((d) => String(d).trim().toLowerCase()));
  const skippedDays = DAYS.filter((d) => skipDays.has(d)).length;
  // A feed that skips every hour or every day would never be polled: ignore such rules.
  if (skipHours.size < 24 && skippedDays < 7) {
    const start = at;
    for (let step = 0; step < 8 * 24; step += 1) {
      const date = new Date(at);
      if (skipDays.has(DAYS[date.getUTCDay()]!)) {
        at = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
      } else if (skipHours.has(date.getUTCHours())) {
        at = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours() + 1);
      } else break;
    }
    if (at !== start) reasons.push(`skipHours/skipDays → ${new Date(at).toISOString()}`);
  }
  return { at: new Date(at), reason: reasons.join('; ') };
}
