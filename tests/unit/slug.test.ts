import { describe, expect, it } from 'vitest';
import { normalizePublicationSlug } from '@/lib/publications/slug';

describe('normalizePublicationSlug', () => {
  it.each([
    ['macrotide.beehiiv.com', 'macrotide.beehiiv.com'],
    ['https://bytesbeyondborders.substack.com', 'bytesbeyondborders.substack.com'],
    ['https://www.reallygoodbusinessideas.com', 'reallygoodbusinessideas.com'],
    ['WWW.SemisWeekly.COM', 'semisweekly.com'],
    ['http://www.semisweekly.com/p/some-post?utm_source=x#top', 'semisweekly.com'],
    ['semisweekly.com/archive', 'semisweekly.com'],
    ['https://user:pw@semisweekly.com:8443/x', 'semisweekly.com'],
    ['  semisweekly.com.  ', 'semisweekly.com'],
    ['https%3A%2F%2Fwww.semisweekly.com%2Fp%2Fx', 'semisweekly.com'],
    ['münchen-briefe.de', 'xn--mnchen-briefe-wob.de'],
    ['www.example.com', 'example.com'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePublicationSlug(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['a b c'],
    ['%E0%A4%A'],
    ['http://'],
    ['bad_host!.com'],
    ['x'.repeat(300)],
    ['-leading.com'],
    ['"><script>.com'],
  ])('rejects %j', (input) => {
    expect(normalizePublicationSlug(input)).toBeNull();
  });

  it('keeps a subdomain other than www', () => {
    expect(normalizePublicationSlug('https://blog.example.com')).toBe('blog.example.com');
    expect(normalizePublicationSlug('https://www2.example.com')).toBe('www2.example.com');
  });
});
