import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from '@/lib/api/base-url';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/api/v1/publications', { headers });

describe('publicBaseUrl', () => {
  it('uses the host the client addressed', () => {
    expect(publicBaseUrl(request({ host: '127.0.0.1:3111' }))).toBe('http://127.0.0.1:3111');
  });

  it('follows a proxy that forwards host and scheme', () => {
    expect(
      publicBaseUrl(request({ host: '10.0.0.2', 'x-forwarded-host': 'api.example.com', 'x-forwarded-proto': 'https' })),
    ).toBe('https://api.example.com');
  });

  it('ignores a host header that is not a plain host', () => {
    expect(publicBaseUrl(request({ host: 'evil.com/"><script>' }))).toBe('http://localhost:3000');
  });
});
