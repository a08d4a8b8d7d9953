import { describe, expect, it } from 'vitest';
import { maxAgeMinutes, nextPollAt } from '@/lib/ingest/feeds/next-poll';

// A Wednesday.
const NOW = new Date('2025-11-19T10:20:00Z');
const plain = { ttlMinutes: null, skipHours: [], skipDays: [] };

describe('nextPollAt', () => {
  it('takes the longer of ttl and max-age, within the bounds', () => {
    expect(nextPollAt(plain, { now: NOW }).toISOString()).toBe('2025-11-19T11:20:00.000Z');
    expect(nextPollAt({ ...plain, ttlMinutes: 180 }, { now: NOW }).toISOString()).toBe('2025-11-19T13:20:00.000Z');
    expect(
      nextPollAt({ ...plain, ttlMinutes: 30 }, { now: NOW, cacheControl: 'public, max-age=7200' }).toISOString(),
    ).toBe('2025-11-19T12:20:00.000Z');
    expect(nextPollAt(plain, { now: NOW, cacheControl: 'max-age=0' }).toISOString()).toBe('2025-11-19T10:35:00.000Z');
    expect(nextPollAt({ ...plain, ttlMinutes: 525600 }, { now: NOW }).toISOString()).toBe('2025-11-20T10:20:00.000Z');
  });

  it('moves past the GMT hours and days the feed skips', () => {
    const hours = { ...plain, skipHours: [11, 12, 13] };
    expect(nextPollAt(hours, { now: NOW }).toISOString()).toBe('2025-11-19T14:00:00.000Z');
    const days = { ...plain, ttlMinutes: 900, skipDays: ['Thursday'] };
    expect(nextPollAt(days, { now: NOW }).toISOString()).toBe('2025-11-21T00:00:00.000Z');
    const everything = { ...plain, skipHours: Array.from({ length: 24 }, (_, hour) => hour) };
    expect(nextPollAt(everything, { now: NOW }).toISOString()).toBe('2025-11-19T11:20:00.000Z');
  });
});

describe('maxAgeMinutes', () => {
  it('reads max-age and s-maxage, and ignores responses that must not be cached', () => {
    expect(maxAgeMinutes('public, max-age=300')).toBe(5);
    expect(maxAgeMinutes('s-maxage=90, public')).toBe(2);
    expect(maxAgeMinutes('no-cache, max-age=600')).toBeNull();
    expect(maxAgeMinutes('private')).toBeNull();
    expect(maxAgeMinutes('max-age=soon')).toBeNull();
    expect(maxAgeMinutes(null)).toBeNull();
  });
});
