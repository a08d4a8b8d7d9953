import { splitSentences } from './sentences';

/**
 * Where a post advertises, links or signs off rather than says something: sponsor reads, "follow us on Instagram",
 * "listen on Apple Podcasts or Spotify", "Buy it here.", "Instagram: @handle", and the items of a "Sponsored by:" or
 * "Find us on the web:" list. A company named there is a venue or a sponsor, not a subject of the post, so neither a
 * mention nor a call is read from these spans (lib/ai/text/tickers.ts, lib/ai/picks/post-process.ts).
 */
const PLATFORMS =
  'Netflix|Hulu|Disney\\+|Prime Video|HBO Max|Apple TV\\+?|Apple Podcasts|Apple Music|Apple Books|App Store|Google Podcasts|Google Play|Apple|Google|Amazon|Spotify|YouTube|Instagram|Facebook|Twitter|TikTok|LinkedIn|Threads|iTunes|Overcast|Stitcher|Pocket ?Casts|Patreon|Twitch|Audible|Mastodon|Reddit|Discord|Substack|B&H|Best Buy|eBay|Etsy|Walmart|Target';

const SPONSOR =
  /\b(?:sponsor(?:ed|s|ing)?|brought to you by|promo code|offer code|coupon code|discount code|(?:use|with|enter) (?:the )?(?:promo |offer )?code|affiliate links?|(?<!\b(?:would|['’]d|I|we|I['’]ll|we['’]ll) )buy it here|get it here|shop now|support (?:the|this|our) (?:show|podcast|channel|work)|become a (?:patron|member|supporter)|(?:free|risk-free) trial)\b/iu;
const FOLLOW =
  /\b(?:follow|find|like|join|connect with|reach|contact|tweet at|message|catch|tag) (?:us|me|him|her|them|the show|the podcast)\b/iu;
const VENUE = new RegExp(
  String.raw`\b(?:(?:listen|subscribe|follow|share|post|watch|download|stream|rate|review|available|find (?:it|them|us))\b[^.!?\n]{0,40}?\b(?:on|at|in|via|through)|(?:buy|bought|shop|order|pre-?order|pick(?:ed)? (?:it |them |one )?up|grab|get (?:it|them|yours|one))\b[^.!?\n]{0,40}?\b(?:from|on|at|via|through))\s+(?:the\s+)?(?:${PLATFORMS})\b`,
  'iu',
);
/** A sentence about a security is never a venue line: "we bought shares in Apple on the dip" is a call. */
const SECURITY = /\b(?:shares?|stocks?|stake|position|puts?|options?|(?:call|put) spreads?|ETFs?|ticker|portfolio)\b/iu;
/** "our Facebook page", "The Ruminant's Facebook Page", "soon on Netflix": a post's own channels, where it is shown. */
const CHANNEL = new RegExp(
  String.raw`\b(?:(?:our|my) (?:Facebook|Instagram|Twitter|YouTube|TikTok|LinkedIn|Discord|Twitch|Patreon|Substack|Google\+)|[A-Z][a-z]+ on (?:Instagram|Twitter|Facebook|TikTok|YouTube|LinkedIn|Mastodon|Threads|Bluesky)\b|\((?:Amazon|iTunes|Apple|Google Play|Spotify|YouTube)\)|(?:Facebook|Instagram|Twitter|YouTube|TikTok|LinkedIn) (?:page|channel|account|handle|group|feed|profile)s?\b|(?:now|soon|only|exclusively|coming) (?:on|to) (?:${PLATFORMS})\b)`,
  'iu',
);
const PLATFORM = new RegExp(String.raw`\b(?:${PLATFORMS})\b`, 'u');
/** A list item that is a bare channel: "- Instagram", "- Website - launchedfm.com", "- Reddit - /r/LaunchedFM". */
const LINK_ITEM = new RegExp(
  String.raw`^(?:${PLATFORMS}|Website|Web|Blog|GitHub|Github|Dribbble|Behance|Mastodon|Bluesky|RSS)\W*(?:[-–—:]\s*(?:@\S+|\/?r\/\S+|https?:\/\/\S+|[\w.-]+\.[a-z]{2,}\S*)\s*)?$`,
  'u',
);
const LINK = /https?:\/\/|www\.|(?:^|\s)@\w{2,}|\b[\w-]+\.(?:com|net|org|io|fm|co|me|tv)\b/iu;
/** A company whose name is its domain, written with its listing: "Amazon.com (NASDAQ: AMZN)" is a security, no link. */
const LISTED_DOMAIN = /\b[\w-]+\.com\s*\(\s*(?:[A-Z]{2,8}:\s*)?\$?[A-Z]{1,6}(?:\.[A-Z]{1,3})?\s*\)/gu;
/**
 * A list's heading whose items are sponsors or links: "Sponsored by:", "Links:", "Sam on the web:", "Where to find us:".
 * Not a clause whose subject does the following or supporting: "Here is where we stand on the names we follow:" leads
 * the author's own list.
 */
const LIST_HEADING =
  /\b(?:sponsor(?:ed by|s)?|brought to you by|links?|on the web|find (?:us|him|her|them|me)|where to find|social(?: media)?|(?<!\b(?:we|I|you|they|[Ww]e\s+\w+|I\s+\w+)\s)(?:follow(?: us)?|support(?: the show)?)|show links)\s*:\s*$/iu;

export function boilerplateSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let inList = false;
  let previousEnd = 0;
  for (const s of splitSentences(text)) {
    const t = s.text;
    // A list item's later sentences ("- Simple Contacts: Renew … with code ATP") belong to it.
    const item = s.listItem || (inList && !text.slice(previousEnd, s.start).includes('\n'));
    previousEnd = s.end;
    const listed = inList && item;
    if (!item) inList = false;
    const boiler =
      listed ||
      SPONSOR.test(t) ||
      FOLLOW.test(t) ||
      (VENUE.test(t) && !SECURITY.test(t)) ||
      CHANNEL.test(t) ||
      (PLATFORM.test(t) && LINK.test(t.replace(LISTED_DOMAIN, ''))) ||
      (s.listItem && LINK_ITEM.test(t));
    if (boiler) spans.push([s.start, s.end]);
    if (LIST_HEADING.test(t)) inList = true;
  }
  return spans;
}

/** Is the range [start, end) inside one of the spans? */
export function within(spans: Array<[number, number]>, start: number, end: number): boolean {
  return spans.some(([s, e]) => start >= s && end <= e);
}
