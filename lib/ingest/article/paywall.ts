/**
 * Signs that a page shows a paywall or a login wall instead of its article. Read before Readability runs (it removes
 * scripts and forms from the document), except the closing words, which are read from the extracted text.
 */

/** How far into nested JSON-LD the marker is looked for; real pages nest three or four levels. */
const MAX_JSON_DEPTH = 8;

/**
 * The page says its article is not free: schema.org's `isAccessibleForFree: false` in its JSON-LD (how publishers mark
 * paywalled content for search engines, on the article or on a `hasPart` section), or a `article:content_tier` meta
 * tag of `locked`. Whatever text such a page shows us, the article is behind the wall.
 */
export function marksItselfPaywalled(document: Document): boolean {
  for (const meta of document.querySelectorAll(
    'meta[name="article:content_tier"], meta[property="article:content_tier"]',
  )) {
    if (meta.getAttribute('content')?.trim().toLowerCase() === 'locked') return true;
  }
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    if (notFree(data, 0)) return true;
  }
  return false;
}

function notFree(value: unknown, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => notFree(item, depth + 1));
  const record = value as Record<string, unknown>;
  const free = record.isAccessibleForFree;
  if (free === false || (typeof free === 'string' && free.trim().toLowerCase() === 'false')) return true;
  return Object.values(record).some((item) => notFree(item, depth + 1));
}

/** A password field on the page: with little text besides, the page is a sign-in form, not the article. */
export function hasPasswordField(document: Document): boolean {
  return document.querySelector('input[type="password"]') !== null;
}

const ASK = '(?:subscribe|sign in|sign up|log ?in|register|upgrade)';
const WALL_PHRASES = [
  `${ASK}(?: now| today)? to (?:continue|keep) reading`,
  `to (?:continue|keep) reading,? (?:please )?${ASK}`,
  `${ASK} to (?:read|unlock|access) (?:the )?(?:full|rest|this|more)`,
  'this (?:post|article|story|content|issue|episode) is (?:only )?(?:for|available to) (?:paid |paying |premium )?(?:subscribers|members)',
  'already (?:a )?(?:paid )?(?:subscriber|member)\\?',
  '(?:for )?(?:paid )?subscribers only',
  'unlock (?:this|the full|the rest of this) (?:article|story|post)',
  'read the (?:full|rest of the) (?:article|story|post|note|issue) with an? (?:paid )?subscription',
  'keep reading with a \\d+-day free trial',
  'create a free account to (?:continue|keep) reading',
];

/**
 * The words a truncated article ends with when the rest is for subscribers: "Subscribe to continue reading", "This
 * post is for paid subscribers", "Already a subscriber? Sign in", "Read the full story with a subscription". Looked
 * for at the end of the extracted text only, where the wall cuts it; a full article's footer ("Subscribe for free to
 * receive new posts") does not match.
 */
const WALL_WORDS = new RegExp(`(?<![\\p{L}\\p{N}])(?:${WALL_PHRASES.join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/** How much of the text's end the wall words are looked for in, in characters. */
const WALL_TAIL = 600;

export function endsAtAWall(text: string): boolean {
  return WALL_WORDS.test(text.slice(-WALL_TAIL));
}
