import { htmlTags } from './html-tags';

export type FeedPlatform = 'substack' | 'beehiiv' | 'ghost' | 'wordpress' | 'medium' | 'generic';

export type DetectPlatformInput = {
  url: string;
  html?: string;
  /** Response headers, any case. */
  headers?: Headers | Record<string, string | string[] | undefined>;
};

/**
 * Which newsletter platform serves a URL: from the host name first (cheap and certain), then the page's generator
 * tag and headers, then asset and API markers that custom domains keep.
 */
export function detectPlatform({ url, html, headers }: DetectPlatformInput): FeedPlatform {
  const host = hostOf(url);
  if (host) {
    if (host === 'substack.com' || host.endsWith('.substack.com')) return 'substack';
    if (host === 'beehiiv.com' || host.endsWith('.beehiiv.com')) return 'beehiiv';
    if (host === 'medium.com' || host.endsWith('.medium.com')) return 'medium';
    if (host.endsWith('.ghost.io')) return 'ghost';
    if (host.endsWith('.wordpress.com')) return 'wordpress';
  }
  const header = headerReader(headers);
  const page = html ?? '';
  const generator = htmlTags(page, 'meta')
    .filter((tag) => tag.name?.toLowerCase() === 'generator')
    .map((tag) => tag.content ?? '')
    .join(' ');
  const poweredBy = `${header('x-powered-by')} ${header('x-generator')}`;

  if (/^\s*ghost\b/i.test(generator) || header('x-ghost-cache-status') || /\bghost\b/i.test(poweredBy)) return 'ghost';
  if (/wordpress/i.test(generator) || /wordpress|wp engine/i.test(poweredBy)) return 'wordpress';
  if (/substack/i.test(generator)) return 'substack';
  if (/beehiiv/i.test(generator)) return 'beehiiv';
  if (/api\.w\.org|\/wp-json\//i.test(header('link'))) return 'wordpress';

  if (/substackcdn\.com|substack\.com\/api\/v1|window\._preloads/i.test(page)) return 'substack';
  if (/rss\.beehiiv\.com|media\.beehiiv\.com|beehiiv-images|cdn\.beehiiv\.com/i.test(page)) return 'beehiiv';
  if (/cdn-client\.medium\.com|miro\.medium\.com|com\.medium\.reader/i.test(page)) return 'medium';
  if (/\/wp-content\/|\/wp-includes\/|\/wp-json\/|rel=["']https:\/\/api\.w\.org\//i.test(page)) return 'wordpress';
  if (/ghost-(?:portal|sodo-search)|\/ghost\/api\/content\//i.test(page)) return 'ghost';
  return 'generic';
}

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

function headerReader(headers: DetectPlatformInput['headers']): (name: string) => string {
  if (!headers) return () => '';
  if (headers instanceof Headers) return (name) => headers.get(name) ?? '';
  const lower = new Map(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return (name) => {
    const value = lower.get(name);
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
}
