import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { url } from '@/tests/helpers/paid';
import { type RunningService, startService } from '@/tests/helpers/service';

const HTML_PAGES = ['/', '/docs', '/no-such-page'];

describe('security headers', () => {
  it('HTML pages: a content security policy that forbids framing, plugins and foreign scripts', async () => {
    const { publications } = (await (await fetch(url('/api/v1/publications'))).json()) as {
      publications: Array<{ slug: string }>;
    };
    for (const page of [...HTML_PAGES, `/publications/${publications[0]!.slug}`]) {
      const response = await fetch(url(page));
      await response.body?.cancel();
      expect(response.headers.get('content-type'), page).toMatch(/text\/html/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, page).toContain("frame-ancestors 'none'");
      expect(csp, page).toContain("object-src 'none'");
      expect(csp, page).toContain("default-src 'self'");
      expect(csp, page).toMatch(/script-src 'self' 'unsafe-inline'(;|$)/);
      // Nothing is loaded from another host but publication images.
      expect(csp, page).not.toContain('scalar.com');
      expect(response.headers.get('x-frame-options'), page).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), page).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), page).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), page).toMatch(/camera=\(\)/);
      // Served over plain HTTP without an https PUBLIC_BASE_URL: no HSTS.
      expect(response.headers.get('strict-transport-security'), page).toBeNull();
    }
  });

  it('API answers: nosniff, and their CORS headers kept', async () => {
    const response = await fetch(url('/api/v1/publications'));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  describe('behind TLS (PUBLIC_BASE_URL https)', () => {
    let service: RunningService;
    beforeAll(async () => {
      service = await startService({
        PUBLIC_BASE_URL: 'https://research.example',
        DATABASE_URL: '',
        SEED_DEMO_DATA: 'false',
      });
    }, 300_000);
    afterAll(async () => {
      await service?.stop();
    });

    it('asks browsers to use HTTPS only (HSTS) on every answer', async () => {
      for (const path of ['/', '/api/v1/publications']) {
        const response = await fetch(new URL(path, service.url));
        await response.body?.cancel();
        expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      }
    });
  });
});
