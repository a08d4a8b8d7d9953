import { describe, expect, it } from 'vitest';
import { originCacheHeaders } from '@/lib/api/base-url';
import { resolveClientIp } from '@/lib/rate-limits/client-ip';

describe('resolveClientIp', () => {
  it('is the socket peer unless a trusted proxy names the client', () => {
    expect(resolveClientIp('203.0.113.9', '198.51.100.1', false)).toBe('203.0.113.9');
    expect(resolveClientIp('10.0.0.2', '198.51.100.1', true)).toBe('198.51.100.1');
  });

  it('behind the proxy, takes the entry the proxy appended, not what the client wrote before it', () => {
    expect(resolveClientIp('10.0.0.2', 'spoofed-by-client, 198.51.100.1', true)).toBe('198.51.100.1');
    expect(resolveClientIp('10.0.0.2', ['1.1.1.1', '198.51.100.7'], true)).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.2', undefined, true)).toBe('10.0.0.2');
  });

  it('counts an IPv4 client on a dual-stack socket once, and bounds what it keeps', () => {
    expect(resolveClientIp('::ffff:203.0.113.9', undefined, false)).toBe('203.0.113.9');
    expect(resolveClientIp(undefined, undefined, false)).toBe('unknown');
    expect(resolveClientIp('10.0.0.2', 'x'.repeat(1000), true)).toHaveLength(64);
  });
});

describe('originCacheHeaders', () => {
  it('lets caches keep a response only when its origin cannot change with the request', () => {
    expect(originCacheHeaders({ PUBLIC_BASE_URL: 'https://api.example.com', TRUST_PROXY: undefined })).toEqual({
      'Cache-Control': 'public, max-age=300',
    });
    expect(originCacheHeaders({ PUBLIC_BASE_URL: undefined, TRUST_PROXY: undefined })).toEqual({
      'Cache-Control': 'no-cache',
      Vary: 'Host',
    });
    expect(originCacheHeaders({ PUBLIC_BASE_URL: undefined, TRUST_PROXY: true }).Vary).toBe(
      'Host, X-Forwarded-Host, X-Forwarded-Proto',
    );
  });
});
