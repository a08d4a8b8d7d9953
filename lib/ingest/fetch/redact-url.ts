// Query parameters that carry a secret in private feed URLs (Patreon `auth`, Substack/Supercast `token`, signed
// storage URLs `X-Amz-Signature` …). Matched case-insensitively; names containing one of SECRET_PARTS, or ending in
// "key" (feedkey, accessKey), also count.
const SECRET_PARAMS = new Set([
  'token',
  'key',
  'auth',
  'authorization',
  'access_token',
  'refresh_token',
  'id_token',
  'secret',
  'client_secret',
  'sig',
  'signature',
  'password',
  'pass',
  'pwd',
  'apikey',
  'api_key',
  'session',
  'sid',
  'jwt',
  'code',
  'hash',
  'x-amz-credential',
  'x-amz-security-token',
]);
const SECRET_PARTS = ['token', 'secret', 'password', 'signature', 'apikey', 'api_key'];

// A long path segment mixing letters and digits is almost always a per-subscriber token (Supercast, Memberful and
// Supporting Cast put it in the path), never a word a reader of the log needs.
const TOKEN_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}$/;

function isSecretParam(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_PARAMS.has(lower) || lower.endsWith('key') || SECRET_PARTS.some((part) => lower.includes(part));
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return isSecretParam(name) ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('&');
}

function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const dot = segment.lastIndexOf('.');
      const stem = dot > 0 ? segment.slice(0, dot) : segment;
      return TOKEN_SEGMENT.test(stem) ? `***${dot > 0 ? segment.slice(dot) : ''}` : segment;
    })
    .join('/');
}

/**
 * A URL fit for a log line or an error message: no user name or password, the values of token-like query parameters
 * and token-like path segments replaced by "***", no fragment. Never throws; text that is not a URL is redacted as
 * well as can be and cut to 200 characters.
 */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    const text = String(url)
      .replace(/\/\/[^/?#@\s]*@/, '//')
      .replace(/([?&][^=&#\s]+)=([^&#\s]*)/g, (match, name: string) =>
        isSecretParam(name.slice(1)) ? `${name}=***` : match,
      );
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
  const query = parsed.search ? `?${redactQuery(parsed.search.slice(1))}` : '';
  const path = parsed.protocol === 'http:' || parsed.protocol === 'https:' ? redactPath(parsed.pathname) : '';
  if (!path) return `${parsed.protocol}${parsed.host ? `//${parsed.host}` : ''}`;
  return `${parsed.protocol}//${parsed.host}${path}${query}`;
}
