import { describe, expect, it } from 'vitest';
import { url } from '@/tests/helpers/paid';

// Limits server.ts applies before any route runs, answered in the API's error shape.
describe('request size bounds', () => {
  it('headers over 16 KiB: 431 headers_too_large', async () => {
    const response = await fetch(url('/api/v1/publications'), { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/16384 bytes/), code: 'headers_too_large' });
  });

  it('a URL over 8 KiB: 414 uri_too_long, before any search runs', async () => {
    const response = await fetch(url(`/api/v1/search?q=${'inflation+'.repeat(1000)}`));
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/8192 bytes/), code: 'uri_too_long' });
  });

  it('every answer carries a request id of its own, whatever the client sent', async () => {
    const first = await fetch(url('/api/v1/publications'), { headers: { 'x-request-id': 'chosen-by-client' } });
    const second = await fetch(url('/api/v1/publications'));
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
