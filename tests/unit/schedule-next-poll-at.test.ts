import { describe, expect, it } from 'vitest';
import { nextPollAt } from '@/lib/ingest/schedule/next-poll-at';

const now = new Date('2026-11-23T10:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
// count posts, all within the last 100 hours
const posts = (count: number) => Array.from({ length: count }, (_, i) => hoursAgo(((i + 1) / count) * 100));
const at = (input: Partial<Parameters<typeof nextPollAt>[0]>) =>
  nextPollAt({ now, recentPublishedAt: [], consecutiveFailures: 0, ...input }).at.toISOString();

describe('nextPollAt', () => {
  it('spaces polls by the posts of the last week, clamped to [15 min, 24 h]', () => {
    expect(at({ recentPublishedAt: posts(14) })).toBe('2026-11-23T22:00:00.000Z');
    expect(at({ recentPublishedAt: posts(7) })).toBe('2026-11-24T10:00:00.000Z');
    expect(at({ recentPublishedAt: [] })).toBe('2026-11-24T10:00:00.000Z');
    expect(at({ recentPublishedAt: posts(2000).map((_, i) => hoursAgo((i % 100) / 100)) })).toBe(
      '2026-11-23T10:15:00.000Z',
    );
    // Posts older than a week, in the future or invalid do not count.
    expect(at({ recentPublishedAt: [hoursAgo(200), hoursAgo(-5), new Date('x'), ...posts(14)] })).toBe(
      '2026-11-23T22:00:00.000Z',
    );
  });

  it('never polls earlier than Cache-Control max-age or RSS ttl ask, up to the max', () => {
    const busy = posts(168); // hourly
    expect(at({ recentPublishedAt: busy })).toBe('2026-11-23T11:00:00.000Z');
    expect(at({ recentPublishedAt: busy, cacheControlMaxAgeSeconds: 3 * 3600 })).toBe('2026-11-23T13:00:00.000Z');
    expect(at({ recentPublishedAt: busy, ttlMinutes: 240 })).toBe('2026-11-23T14:00:00.000Z');
    expect(at({ recentPublishedAt: busy, ttlMinutes: 60 * 24 * 365 })).toBe('2026-11-24T10:00:00.000Z');
    expect(at({ recentPublishedAt: busy, ttlMinutes: -5, cacheControlMaxAgeSeconds: Number.NaN })).toBe(
      '2026-11-23T11:00:00.000Z',
    );
  });

  it('moves the poll out of skipHours and skipDays (UTC)', () => {
    const busy = posts(168);
    expect(at({ recentPublishedAt: busy, skipHours: [11, 12] })).toBe('2026-11-23T13:00:00.000Z');
    // 2026-11-23 is a Monday.
    expect(at({ recentPublishedAt: busy, skipDays: ['Monday'] })).toBe('2026-11-24T00:00:00.000Z');
    expect(at({ recentPublishedAt: busy, skipDays: ['Monday'], skipHours: [0, 1] })).toBe('2026-11-24T02:00:00.000Z');
    expect(at({ recentPublishedAt: busy, skipHours: Array.from({ length: 24 }, (_, h) => h) })).toBe(
      '2026-11-23T11:00:00.000Z',
    );
  });

  it('backs off exponentially on consecutive failures, capped at 24 h, honouring Retry-After', () => {
    const busy = posts(168 * 8); // every 7.5 min → clamped to 15 min
    expect(at({ recentPublishedAt: busy, consecutiveFailures: 1 })).toBe('2026-11-23T10:15:00.000Z');
    expect(at({ recentPublishedAt: busy, consecutiveFailures: 3 })).toBe('2026-11-23T11:00:00.000Z');
    expect(at({ recentPublishedAt: busy, consecutiveFailures: 6 })).toBe('2026-11-23T18:00:00.000Z');
    expect(at({ recentPublishedAt: busy, consecutiveFailures: 40 })).toBe('2026-11-24T10:00:00.000Z');
    expect(at({ recentPublishedAt: busy, consecutiveFailures: 1, lastError: { retryAfterSeconds: 7200 } })).toBe(
      '2026-11-23T12:00:00.000Z',
    );
    const result = nextPollAt({ now, recentPublishedAt: busy, consecutiveFailures: 3 });
    expect(result.reason).toContain('3 failures');
  });

  it('refuses an invalid now or inverted bounds', () => {
    expect(() => at({ now: new Date('nope') })).toThrow(RangeError);
    expect(() => at({ minIntervalMs: 10, maxIntervalMs: 5 })).toThrow(RangeError);
  });
});
