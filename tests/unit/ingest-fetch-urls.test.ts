import { describe, expect, it } from 'vitest';
import { AllowHostsError, isAllowedHost, parseAllowHosts } from '@/lib/ingest/fetch/allow-hosts';
import { redactUrl } from '@/lib/ingest/fetch/redact-url';
import { stripTrackingParams } from '@/lib/ingest/fetch/strip-tracking-params';

describe('stripTrackingParams', () => {
  it.each([
    [
      'https://x.substack.com/p/rates?utm_source=substack&utm_medium=email&utm_campaign=post',
      'https://x.substack.com/p/rates',
    ],
    ['https://a.com/p?id=7&utm_source=x&page=2', 'https://a.com/p?id=7&page=2'],
    ['https://a.com/p?fbclid=abc&gclid=def&mc_cid=1&mc_eid=2&_hsenc=3&_hsmi=4&ref_src=twsrc', 'https://a.com/p'],
    ['https://a.com/p?UTM_Source=x&q=a%20b+c', 'https://a.com/p?q=a%20b+c'],
    ['https://a.com/p?b=2&a=1&msclkid=z#section-2', 'https://a.com/p?b=2&a=1#section-2'],
    ['https://a.com/p?utm_source=x#frag', 'https://a.com/p#frag'],
    ['https://a.com/p?ref=homepage', 'https://a.com/p?ref=homepage'],
    ['https://a.com/p', 'https://a.com/p'],
    ['not a url', 'not a url'],
  ])('%s -> %s', (input, expected) => {
    expect(stripTrackingParams(input)).toBe(expected);
  });
});

describe('redactUrl', () => {
  it.each([
    ['https://user:hunter2@feeds.example.com/rss', 'https://feeds.example.com/rss'],
    ['https://www.patreon.com/rss/alpha?auth=Zk3jd92kdLq&show=1', 'https://www.patreon.com/rss/alpha?auth=***&show=1'],
    ['https://a.com/feed?token=s3cr3t&key=k&sig=x&page=2', 'https://a.com/feed?token=***&key=***&sig=***&page=2'],
    [
      'https://a.com/f?access_token=t&X-Amz-Signature=s&feedKey=q',
      'https://a.com/f?access_token=***&X-Amz-Signature=***&feedKey=***',
    ],
    [
      'https://feeds.supercast.com/episodes/8f3a9c1e2b7d4f6a9e0c1b2a3d4e5f60.rss',
      'https://feeds.supercast.com/episodes/***.rss',
    ],
    [
      'https://a.com/2024/11/my-long-article-title-about-rates/',
      'https://a.com/2024/11/my-long-article-title-about-rates/',
    ],
    ['https://a.com/p#token=x', 'https://a.com/p'],
  ])('%s -> %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it('redacts text that does not parse as a URL', () => {
    const out = redactUrl('http://bob:pw@ bad host/feed?token=abc&x=1');
    expect(out).not.toContain('pw');
    expect(out).not.toContain('abc');
    expect(out).toContain('x=1');
  });
});

describe('parseAllowHosts', () => {
  it('reads names and addresses, trimmed and lower-cased, skipping empties', () => {
    expect(parseAllowHosts(' 127.0.0.1, Feeds.Internal.,,[::1], ::1 ,')).toEqual([
      '127.0.0.1',
      'feeds.internal',
      '::1',
    ]);
  });
  it('is empty by default', () => {
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts('')).toEqual([]);
  });
  it.each(['http://a.com', 'a.com:8080', '*.a.com', 'a.com/feed', 'a b'])('refuses %s', (entry) => {
    expect(() => parseAllowHosts(`ok.com,${entry}`)).toThrow(AllowHostsError);
  });
});

describe('isAllowedHost', () => {
  it('matches names case-insensitively and addresses by value', () => {
    const list = parseAllowHosts('localhost,::ffff:127.0.0.1,10.1.2.3');
    expect(isAllowedHost('LOCALHOST', list)).toBe(true);
    expect(isAllowedHost('127.0.0.1', list)).toBe(false);
    expect(isAllowedHost('[::ffff:7f00:1]', list)).toBe(true);
    expect(isAllowedHost('10.1.2.3', list)).toBe(true);
    expect(isAllowedHost('10.1.2.4', list)).toBe(false);
    expect(isAllowedHost('localhost.evil.com', list)).toBe(false);
    expect(isAllowedHost('localhost', [])).toBe(false);
  });
});
