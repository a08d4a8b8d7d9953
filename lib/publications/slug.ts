// A DNS name: labels of letters, digits and inner hyphens, joined by dots.
const HOST_PATTERN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Turns whatever a user pasted (a slug, a host, a site or post URL, any case, with or without "www.", scheme, port,
 * path or query) into a publication slug: the lower-case host without a leading "www.". Returns null when no host
 * can be read from the input.
 */
export function normalizePublicationSlug(input: string): string | null {
  let text = input.trim();
  if (text.length === 0 || text.length > 2048) return null;
  if (/%[0-9a-f]{2}/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let host: string;
  try {
    // The WHATWG URL parser lower-cases, drops user info, port and path, and turns Unicode names into punycode.
    host = new URL(withScheme).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').replace(/^www\./, '');
  return HOST_PATTERN.test(host) ? host : null;
}
