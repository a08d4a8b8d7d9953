/**
 * Where to go after signing in: a path on this site only (an absolute or protocol-relative URL from the query
 * string would make the sign-in page an open redirect). Anything else means the account overview.
 */
export function safeCallbackPath(value: string | string[] | undefined): string {
  const path = typeof value === 'string' ? value : '';
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/account';
  return path.slice(0, 512);
}
