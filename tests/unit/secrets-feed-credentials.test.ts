import { describe, expect, it } from 'vitest';
import { decryptSecret, deriveKey, encryptSecret } from '@/lib/ingest/secrets/encrypt-secret';
import { applyFeedCredentials, FeedUrlError, splitFeedCredentials } from '@/lib/ingest/secrets/feed-credentials';

describe('splitFeedCredentials / applyFeedCredentials', () => {
  it('moves basic auth out of the URL and back into a header', () => {
    const split = splitFeedCredentials('https://reader%40x.com:p%3Ass@feeds.example.com/rss?format=xml');
    expect(split.publicUrl).toBe('https://feeds.example.com/rss?format=xml');
    expect(split.credentials).toEqual({ username: 'reader@x.com', password: 'p:ss' });
    const applied = applyFeedCredentials(split.publicUrl, split.credentials);
    expect(applied.url).toBe('https://feeds.example.com/rss?format=xml');
    expect(Buffer.from(applied.authorization?.replace('Basic ', '') ?? '', 'base64').toString()).toBe(
      'reader@x.com:p:ss',
    );
  });

  it('removes token-like query parameters, keeps the others, and restores them', () => {
    const original = 'https://www.patreon.com/rss/creator?auth=Zx9kLq2mP4vR7tY1wE3u&show=1&id=ab12cd34ef56gh78ij90kl';
    const split = splitFeedCredentials(original);
    expect(split.publicUrl).toBe('https://www.patreon.com/rss/creator?show=1');
    expect(split.publicUrl).not.toContain('Zx9kLq2m');
    expect(split.credentials?.query).toEqual({ auth: 'Zx9kLq2mP4vR7tY1wE3u', id: 'ab12cd34ef56gh78ij90kl' });
    const applied = new URL(applyFeedCredentials(split.publicUrl, split.credentials).url);
    expect([...applied.searchParams].sort()).toEqual([...new URL(original).searchParams].sort());
  });

  it('answers null credentials for a public URL, refuses a non-http URL, and survives encryption', () => {
    expect(splitFeedCredentials('https://example.com/feed?page=2').credentials).toBeNull();
    expect(() => splitFeedCredentials('file:///etc/passwd')).toThrow(FeedUrlError);
    expect(() => splitFeedCredentials('not a url')).toThrow(FeedUrlError);
    const key = deriveKey('a-configured-secret-of-at-least-32-characters');
    const { credentials } = splitFeedCredentials('https://u:secret-pass@example.com/feed?token=abc');
    const sealed = encryptSecret(JSON.stringify(credentials), key);
    expect(sealed).not.toContain('secret-pass');
    expect(JSON.parse(decryptSecret(sealed, key))).toEqual({
      username: 'u',
      password: 'secret-pass',
      query: { token: 'abc' },
    });
  });
});
