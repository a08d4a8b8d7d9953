import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from '@/lib/api/base-url';
import { parseEnv } from '@/lib/env';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/api/v1/publications', { headers });

describe('publicBaseUrl', () => {
  it('uses the host the client addressed', () => {
    expect(publicBaseUrl(request({ host: '127.0.0.1:3111' }))).toBe('http://127.0.0.1:3111');
  });

  it('follows a proxy that forwards host and scheme only when TRUST_PROXY is set', () => {
    const forwarded = request({
      host: '10.0.0.2',
      'x-forwarded-host': 'api.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(publicBaseUrl(forwarded, parseEnv({ TRUST_PROXY: 'true' }))).toBe('https://api.example.com');
    expect(publicBaseUrl(forwarded, parseEnv({}))).toBe('http://10.0.0.2');
  });

  it('never lets a client choose the origin with X-Forwarded-Host', () => {
    const hostile = request({
      host: '127.0.0.1:3111',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(publicBaseUrl(hostile, parseEnv({}))).toBe('http://127.0.0.1:3111');
  });

  it('prefers PUBLIC_BASE_URL over any header', () => {
    const hostile = request({ host: 'evil.example' });
    expect(publicBaseUrl(hostile, parseEnv({ PUBLIC_BASE_URL: 'https://api.example.com/' }))).toBe(
      'https://api.example.com',
    );
  });

  it('ignores a host header that is not a plain host', () => {
    expect(publicBaseUrl(request({ host: 'evil.com/"><script>' }))).toBe('http://localhost:3000');
  });
});
