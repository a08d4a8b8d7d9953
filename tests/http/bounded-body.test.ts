import { describe, expect, inject, it } from 'vitest';
import { operator, operatorToken } from '@/tests/helpers/paid';

// Request bodies are read as a stream and cut at the route's limit, whatever the transfer encoding.
const post = (path: string, init: RequestInit) => fetch(new URL(path, inject('baseUrl')), { method: 'POST', ...init });

function chunked(megabytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= megabytes) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

describe('bounded request bodies', () => {
  it('answers 413 to a chunked body past the limit of the paid POST route, before anything else', async () => {
    const response = await post('/api/v1/publications/a/b', {
      headers: { 'content-type': 'application/json' },
      body: chunked(50),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', error: expect.any(String) });
  });

  it('refuses a declared Content-Length past the limit without reading it', async () => {
    const response = await post('/api/v1/publications/a/b', {
      headers: { 'content-type': 'application/json' },
      body: ' '.repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it('still reads a small JSON body (and answers for the unknown post)', async () => {
    const response = await post('/api/v1/publications/a/b', { body: '{"why":"test"}' });
    expect(response.status).toBe(404);
  });

  it('takes operator commands with long positional words (a private feed URL)', async () => {
    const url = `http://127.0.0.1:9/${'x'.repeat(150)}?token=${'a1'.repeat(20)}`;
    const response = await post('/api/operator/commands', {
      headers: { authorization: `Bearer ${operatorToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command: `publications add ${url}`, args: {} }),
    });
    // The command itself is accepted and runs: the fetch of an unreachable port is what fails, readably.
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_command' });
    expect(await operator('publications list')).toHaveProperty('publications');
  });
});
