import { invalidInput } from './errors';

/**
 * Next.js decodes path segments before a route runs and answers a malformed escape such as "%ZZ" with a bare 500.
 * The server checks the path first (an O(n) decode, far cheaper than a Next middleware on every request) and says
 * what is wrong: the API in its error shape, pages as plain text. Returns null for a well-formed path.
 */
export function malformedPathResponse(rawUrl: string): { status: number; contentType: string; body: string } | null {
  const path = rawUrl.split('?', 1)[0]!;
  try {
    decodeURIComponent(path);
    return null;
  } catch {
    if (path.startsWith('/api/')) {
      return {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify(invalidInput('path', { path: ['contains malformed percent-encoding'] }).body),
      };
    }
    return {
      status: 400,
      contentType: 'text/plain; charset=utf-8',
      body: 'Bad request: the URL path contains malformed percent-encoding.',
    };
  }
}
