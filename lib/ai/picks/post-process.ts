import { createHash } from 'node:crypto';
import { contentHash } from '@/lib/ai/content-hash';
import { companyFor, normalizeTicker } from '@/lib/ai/text/tickers';
import { type CandidatePick, CandidatePickSchema, CONVICTION_LABELS, type ExtractedPick } from './extractor';

const MAX_QUOTE_CHARS = 1_000;

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
}

/**
 * The rules every generator's output passes through:
 * - a candidate that does not match the schema is dropped;
 * - evidenceQuote must occur in the text verbatim, comparing after collapsing whitespace runs only (case,
 *   punctuation and quotes must match), else the pick is dropped: no quote, no pick;
 * - the ticker is normalized (uppercase, no "$", share classes as BRK.B) and must look like a ticker;
 * - conviction is clamped to 0..5 and labelled from CONVICTION_LABELS; an EXIT is never active;
 * - the exchange comes from reference data when the generator gave none (not for options);
 * - duplicates (same ticker, action, direction, instrument) keep the first.
 */
export function postProcessPicks(candidates: unknown[], context: PostProcessContext): ExtractedPick[] {
  const haystack = collapse(context.text);
  const textHash = contentHash(context.text);
  const seen = new Set<string>();
  const out: ExtractedPick[] = [];
  for (const raw of candidates) {
    const parsed = CandidatePickSchema.safeParse(coerceConviction(raw));
    if (!parsed.success) continue;
    const c: CandidatePick = parsed.data;
    const quote = c.evidenceQuote.trim();
    if (!quote || quote.length > MAX_QUOTE_CHARS || !haystack.includes(collapse(quote))) continue;
    const ticker = normalizeTicker(c.ticker);
    if (!ticker) continue;
    const key = `${ticker}|${c.action}|${c.direction}|${c.instrumentType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const conviction = clampConviction(c.authorConviction);
    const company = companyFor(ticker);
    const exchange = c.tickerExchange?.trim() || (c.instrumentType === 'OPTION' ? null : (company?.exchange ?? null));
    const base = { ticker, action: c.action, direction: c.direction, evidenceQuote: quote };
    out.push({
      callId: callIdFor(textHash, base),
      author: context.author ?? null,
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

/** Models sometimes answer 4.0 or 7 for a 0-5 scale: round and clamp before the schema check instead of dropping. */
function coerceConviction(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || !('authorConviction' in raw)) return raw;
  const value = (raw as { authorConviction: unknown }).authorConviction;
  return typeof value === 'number' ? { ...raw, authorConviction: clampConviction(value) } : raw;
}
