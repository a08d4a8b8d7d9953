import { describe, expect, it } from 'vitest';
import { malformedPathResponse } from '@/lib/api/malformed-path';

describe('malformedPathResponse', () => {
  it('lets well-formed paths through, query strings untouched', () => {
    expect(malformedPathResponse('/api/v1/publications/https%3A%2F%2Fx.com?q=%ZZ')).toBeNull();
    expect(malformedPathResponse('/')).toBeNull();
  });

  it('answers API paths in the error shape', () => {
    const response = malformedPathResponse('/api/v1/publications/%ZZ')!;
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: 'Invalid path parameters',
      code: 'invalid_path',
      issues: { path: ['contains malformed percent-encoding'] },
    });
  });

  it('answers pages in plain text', () => {
    expect(malformedPathResponse('/publications/%E0%A4%A')).toMatchObject({
      status: 400,
      contentType: 'text/plain; charset=utf-8',
    });
  });
});
