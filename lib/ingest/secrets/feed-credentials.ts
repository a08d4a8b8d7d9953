/**
 * A private feed URL carries its secret in the userinfo (basic auth) or in a query parameter. Split it into a public
 * URL, safe to store in clear, show and log, and credentials to encrypt; apply them back only when fetching.
 */
export interface FeedCredentials {
  username?: string;
  password?: string;
  query?: Record<string, string>;
}

export class FeedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedUrlError';
  }
}

// Parameter names that private-feed hosts use for a secret (Patreon `auth`, Memberful/Supercast `token`, `key`...).
const SECRET_NAMES =
  /^(token|auth|key|apikey|api[_-]?key|access[_-]?token|auth[_-]?token|private[_-]?token|secret|sig|signature|password|pass|passwd|pwd|session|sid|hash)$/i;
// A long mixed letters-and-digits value is a token whatever its name.
const TOKEN_VALUE = /^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9_.~+/=-]{20,}$/;

function parse(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedUrlError('Feed URL is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new FeedUrlError('Feed URL must be http(s)');
  return parsed;
}

export function splitFeedCredentials(url: string): { publicUrl: string; credentials: FeedCredentials | null } {
  const parsed = parse(url);
  const credentials: FeedCredentials = {};
  if (parsed.username) credentials.username = decodeURIComponent(parsed.username);
  if (parsed.password) credentials.password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const query: Record<string, string> = {};
  for (const [name, value] of [...parsed.searchParams]) {
    if (SECRET_NAMES.test(name) || TOKEN_VALUE.test(value)) query[name] = value;
  }
  for (const name of Object.keys(query)) parsed.searchParams.delete(name);
  if (Object.keys(query).length > 0) credentials.query = query;
  return { publicUrl: parsed.toString(), credentials: Object.keys(credentials).length > 0 ? credentials : null };
}

/**
 * The URL and Authorization header to fetch with. Basic auth goes in a header, not the URL: Node's fetch refuses a
 * URL with credentials.
 */
export function applyFeedCredentials(
  publicUrl: string,
  credentials: FeedCredentials | null,
): { url: string; authorization?: string } {
  const parsed = parse(publicUrl);
  if (!credentials) return { url: parsed.toString() };
  for (const [name, value] of Object.entries(credentials.query ?? {})) parsed.searchParams.set(name, value);
  const result: { url: string; authorization?: string } = { url: parsed.toString() };
  if (credentials.username !== undefined || credentials.password !== undefined) {
    const pair = `${credentials.username ?? ''}:${credentials.password ?? ''}`;
    result.authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }
  return result;
}
