import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { apiRoute } from '@/lib/api/handler';

const request = new Request('http://localhost/api/v1/publications');

describe('apiRoute', () => {
  it('answers an unexpected failure with a generic 500 that leaks nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const route = apiRoute(async () => {
      throw new Error('connection to 10.0.0.5 refused: password authentication failed for user "admin"');
    });
    const response = await route(request, {});
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ error: 'Internal server error', code: 'internal_error', requestId: expect.any(String) });
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    // The id is the link between the answer and the log line that holds the details.
    expect(String(log.mock.calls[0]?.[0])).toContain(body.requestId);
    log.mockRestore();
  });

  it('maps a domain error to its status and body', async () => {
    const route = apiRoute(async () => {
      throw new ApiError({ code: 'not_found', message: 'Publication not found: example.com' });
    });
    const response = await route(request, {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Publication not found: example.com', code: 'not_found' });
  });
});
