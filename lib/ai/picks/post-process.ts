import { createHash } from 'node:crypto';
import { contentHash } from '@/lib/ai/content-hash';
import { boilerplateSpans, within } from '@/lib/ai/text/boilerplate';
import { aboutMarkets } from '@/lib/ai/text/markets';
import { captionTurnMarker, splitSentences } from '@/lib/ai/text/sentences';
import { evidencedTickers, findTickerMentions, normalizeTicker, type TickerMention } from '@/lib/ai/text/tickers';
import { instrumentFor, tickerForName } from '@/lib/reference/universe';
import { type CandidatePick, CandidatePickSchema, CONVICTION_LABELS, type ExtractedPick } from './extractor';

const MAX_QUOTE_CHARS = 1_000;

/**
 * Words that make a sentence about a security: a call on a company the post names only by name must say what is
 * traded ("we bought Deere shares", "our position in Verizon", "we're short Tesla"). Without them, "I bought the Apple
 * Smart Keyboard", "I love Amazon" and "we recommend a Google My Business account" are about products and services.
 */
const SECURITY =
  /\b(?:shares?|stocks?|stake|equity|equities|puts?|call options?|calls on|options? on|(?:call|put) spreads?|ETFs?|ticker|price target|portfolio|position(?!\s+to\b)|positions|holdings?|dividends?|valuation|(?:are|am|is|we['’]re|I['’]m|went|go|got|stay|remain|still|been) (?:long|short)|short(?:ed|ing)|sold short|long\s+[^.;]{1,60}?,?\s+(?:and\s+)?short\s+\S|pair trades?|(?:as|on) a pair\b(?! of)|overweight|underweight|outperform|underperform|(?:buy|sell|hold) rating|upgraded|downgraded|multiple|earnings)\b/iu;

const MODAL_TRADE = /\b(?:would|'d|’d)\s+(?:(?:happily|gladly|still|also|definitely|certainly)\s+)?(?:buy|add)\b/iu;

function collapse(s: string): string {
  return s.replace(/\s+/gu, ' ').trim();
}

export function convictionLabel(conviction: number): string {
  return CONVICTION_LABELS[clampConviction(conviction)] ?? CONVICTION_LABELS[0];
}

export function clampConviction(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(5, Math.max(0, Math.round(value)));
}

/**
 * Stable id of a call: the same post text, ticker, action, direction and quote always give the same id, so
 * re-extraction of unchanged text updates rows instead of adding new ones.
 */
export function callIdFor(
  textHash: string,
  pick: Pick<ExtractedPick, 'ticker' | 'action' | 'direction' | 'evidenceQuote'>,
) {
  const key = [textHash, pick.ticker, pick.action, pick.direction, collapse(pick.evidenceQuote)].join('\u0000');
  return `call_${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32)}`;
}

export interface PostProcessContext {
  text: string;
  author?: string | null;
  generator: string;
  /**
   * Companies the generator found named by one distinctive word of their name ("I'm short Rivian"), which the mention
   * finder does not count alone (lib/ai/picks/weak-names.ts): a call on one names it.
   */
  weakNames?: TickerMention[];
}

/**
 * The rules every generator's output passes through:
 * - a candidate that does not match the schema is dropped;
 * - evidenceQuote must occur in the text verbatim, comparing after collapsing whitespace runs only (case,
 *   punctuation and quotes must match), else the pick is dropped: no quote, no pick;
 * - the ticker resolves through the company universe (lib/reference/universe.ts): normalized (uppercase, no "$",
 *   share classes as BRK.B, exchange suffixes as 6758.T), a company name given as a ticker resolved to its ticker,
 *   and it must be an instrument the text names (by ticker or by a name that resolves to it), else the pick is dropped;
 * - the author is the transcript speaker whose turn holds the quote, else the speaker or guest the generator names
 *   (when the text names them), else the post's author;
 * - conviction is clamped to 0..5 and labelled from CONVICTION_LABELS; an EXIT is never active;
 * - the exchange is the generator's, else the one the text states ("NYSE: PG", "6758.T"), else the universe's;
 * - duplicates (same author, ticker, action, direction, instrument) keep the first.
 */
export function postProcessPicks(candidates: unknown[], context: PostProcessContext): ExtractedPick[] {
  const haystack = collapse(context.text);
  const textHash = contentHash(context.text);
  const mentions = findTickerMentions(context.text);
  const named = new Map<string, string | null>();
  for (const m of [...mentions, ...(context.weakNames ?? [])])
    if (!named.get(m.ticker)) named.set(m.ticker, m.exchange);
  // A company the text names with its home listing ("Sony Group (6758.T)"): its US ticker means that listing.
  const listings = new Map<string, string>();
  for (const m of mentions) {
    if (m.via !== 'suffix' && m.via !== 'exchange') continue;
    for (const t of [m.name ? tickerForName(m.name) : null, m.ticker.split('.')[0]]) {
      if (t && t !== m.ticker && !named.has(t)) listings.set(t, m.ticker);
    }
  }
  // A post about markets: it uses their vocabulary, writes tickers, or states at least one call that says what is
  // traded ("I'm short it") — then "We added to Southern Copper" in it is a trade too.
  // So is a post that states trades (not views) on two companies or more: "I added to Lyft", "I sold the last of my
  // Disney" in one episode, or the items of a list of this week's changes.
  const markets =
    aboutMarkets(context.text) ||
    mentions.some((m) => m.via !== 'name' && m.via !== 'ticker') ||
    candidates.some((raw) => {
      const quote = (raw as { evidenceQuote?: unknown })?.evidenceQuote;
      return typeof quote === 'string' && SECURITY.test(quote);
    }) ||
    tradedCompanies(candidates, named, listings) >= 2;
  const byTicker = evidencedTickers(mentions);
  const allNamed = [...mentions, ...(context.weakNames ?? [])];
  const boilerplate = boilerplateSpans(context.text);
  const sentences = splitSentences(context.text);
  const transcript = sentences.some((s) => s.speaker);
  const seen = new Set<string>();
  const out: ExtractedPick[] = [];
  for (const raw of candidates) {
    const parsed = CandidatePickSchema.safeParse(coerceCandidate(raw));
    if (!parsed.success) continue;
    const c: CandidatePick = parsed.data;
    const quote = c.evidenceQuote.trim();
    if (!quote || quote.length > MAX_QUOTE_CHARS || !haystack.includes(collapse(quote))) continue;
    const ticker = resolveTicker(c.ticker, named, listings);
    if (!ticker) continue;
    // A company named by name only is called when the quote says what is traded, or when a post about markets
    // states a trade on it ("We own Goldman and we added more"); a mere view ("I love Amazon") needs the former.
    // A trade in the modal ("I would buy it here") is more than a view: in a post about markets it stands as a trade.
    if (
      !byTicker.has(ticker) &&
      !SECURITY.test(quote) &&
      !securityBefore(quote, context.text, sentences) &&
      !securityAfter(quote, ticker, context.text, sentences, allNamed) &&
      ((c.action === 'RECOMMENDATION' && !MODAL_TRADE.test(quote)) || !markets)
    )
      continue;
    if (!statedByPost(quote, context.text, boilerplate, transcript)) continue;
    const speaker = transcript ? speakerOf(quote, context.text, sentences) : null;
    const guest = c.speaker?.trim() && context.text.includes(c.speaker.trim()) ? c.speaker.trim() : null;
    const author = speaker ?? guest ?? context.author ?? null;
    const key = `${author ?? ''}|${ticker}|${c.action}|${c.direction}|${c.instrumentType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const conviction = clampConviction(c.authorConviction);
    const company = instrumentFor(ticker);
    const exchange =
      c.tickerExchange?.trim() ||
      (c.instrumentType === 'OPTION' ? null : (named.get(ticker) ?? company?.exchange ?? null));
    const base = { ticker, action: c.action, direction: c.direction, evidenceQuote: quote };
    out.push({
      callId: callIdFor(textHash, base),
      author,
      ticker,
      tickerExchange: exchange,
      instrumentType: c.instrumentType,
      action: c.action,
      direction: c.direction,
      authorConviction: conviction,
      convictionLabel: convictionLabel(conviction),
      activePick: c.action === 'EXIT' ? false : c.activePick,
      evidenceQuote: quote,
      rationaleSnippet: c.rationaleSnippet?.trim() || null,
      generator: context.generator,
    });
  }
  return out;
}

/**
 * "The stock fell 12% in September. I bought it then.": a quote whose pronoun refers to a security the sentence before
 * it names as one ("the stock", "the shares", "its shares") says what is traded.
 */
function securityBefore(quote: string, text: string, sentences: ReturnType<typeof splitSentences>): boolean {
  if (!/\b(?:it|them)\b/iu.test(quote)) return false;
  const at = text.indexOf(quote);
  const i = sentences.findIndex((s) => s.start <= at && s.end > at);
  const before = i > 0 ? sentences[i - 1] : undefined;
  return Boolean(
    before &&
      before.paragraph === sentences[i]!.paragraph &&
      // "The stock fell 12%." or "On our numbers the stock trades at 16 times earnings.", then "We think it is a buy."
      /(?:^[\s"“]*|[\s,]\s*)(?:the|its) (?:stock|shares)\b(?! of\b)/iu.test(before.text),
  );
}

/**
 * "We bought Intuitive Surgical last week. … ¶ We paid an average of $482 and will build the position": a company
 * named by name, then referred to as the position, the shares or the stock in the passage that follows (the rest of
 * its paragraph and the next one, up to the next company named), was traded as a security.
 */
function securityAfter(
  quote: string,
  ticker: string,
  text: string,
  sentences: ReturnType<typeof splitSentences>,
  named: TickerMention[],
): boolean {
  const at = text.indexOf(quote);
  const i = sentences.findIndex((s) => s.start <= at && s.end > at);
  if (i < 0) return false;
  const from = sentences[i]!;
  for (const s of sentences.slice(i + 1)) {
    if (s.paragraph > from.paragraph + 1 || s.speaker !== from.speaker) return false;
    if (named.some((m) => m.start >= s.start && m.end <= s.end && m.ticker !== ticker)) return false;
    if (
      /\b(?:the|our|my) (?:position|shares|stock|stake)\b(?!\s+(?:of|to|market|markets|price|prices)\b)/iu.test(s.text)
    )
      return true;
  }
  return false;
}

/** How many companies the candidates trade (a new position, an add, a hold, a trim or an exit; not a view). */
function tradedCompanies(
  candidates: unknown[],
  named: Map<string, string | null>,
  listings: Map<string, string>,
): number {
  const traded = new Set<string>();
  for (const raw of candidates) {
    const c = raw as { ticker?: unknown; action?: unknown };
    if (typeof c?.ticker !== 'string' || typeof c.action !== 'string' || c.action === 'RECOMMENDATION') continue;
    const ticker = resolveTicker(c.ticker, named, listings);
    if (ticker) traded.add(ticker);
  }
  return traded.size;
}

/** The generator's ticker as the universe knows it, kept only when the text names that instrument. */
function resolveTicker(raw: string, named: Map<string, string | null>, listings: Map<string, string>): string | null {
  for (const candidate of [normalizeTicker(raw), tickerForName(raw)]) {
    if (!candidate) continue;
    if (named.has(candidate)) return candidate;
    const listing = listings.get(candidate);
    if (listing) return listing;
  }
  return null;
}

/**
 * Is the quote the post's own statement? Not when it sits in a sponsor read, a link line or "buy it here"
 * (lib/ai/text/boilerplate.ts), in a blockquote ("> …"), or inside quotation marks in a post that is not a
 * transcript: those are other people's words ("“I love Uber more than anything,” he wrote").
 */
function statedByPost(quote: string, text: string, boilerplate: Array<[number, number]>, transcript: boolean): boolean {
  const at = text.indexOf(quote);
  if (at < 0) return true;
  if (within(boilerplate, at, at + quote.length)) return false;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  if (/^\s*>/u.test(text.slice(lineStart, at + 1)) && captionTurnMarker(text.slice(lineStart, at + 1)) === 0)
    return false;
  if (transcript) return true;
  const paragraphStart = Math.max(text.lastIndexOf('\n\n', at) + 2, 0);
  const before = text.slice(paragraphStart, at);
  const opened = (before.match(/“/gu)?.length ?? 0) - (before.match(/”/gu)?.length ?? 0);
  const straight = (before.match(/"/gu)?.length ?? 0) % 2;
  return opened <= 0 && straight === 0 && !/^[“"]/u.test(quote);
}

/** The speaker whose turn contains the quote (its first occurrence). */
function speakerOf(quote: string, text: string, sentences: ReturnType<typeof splitSentences>): string | null {
  const at = text.indexOf(quote);
  const probe = at >= 0 ? at : text.indexOf(quote.slice(0, 40));
  if (probe < 0) return null;
  const sentence = sentences.find((s) => s.end > probe) ?? null;
  return sentence?.speaker ?? null;
}

/**
 * Models sometimes answer 4.0 or 7 for a 0-5 scale, or leave out the speaker: round and clamp, default the speaker
 * to null, before the schema check instead of dropping.
 */
function coerceCandidate(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const value = raw as { authorConviction?: unknown; speaker?: unknown };
  return {
    ...raw,
    speaker: typeof value.speaker === 'string' ? value.speaker : null,
    ...(typeof value.authorConviction === 'number'
      ? { authorConviction: clampConviction(value.authorConviction) }
      : {}),
  };
}
