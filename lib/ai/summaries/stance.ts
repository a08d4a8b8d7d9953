import type { TickerMention } from '@/lib/ai/text/tickers';
import { displayNameFor } from '@/lib/ai/text/tickers';
import type { STANCES, SummaryStructure } from './summarizer';

export type StanceLabel = (typeof STANCES)[number];

/** A call as the summary needs it: whose, on what, which way. Both generators' picks have this shape. */
export interface SummaryCall {
  ticker: string;
  action: string;
  direction: 'LONG' | 'SHORT';
  author?: string | null;
}

/**
 * The stance a call states on its company: a long (bought, added, held, recommended, even trimmed) is bullish, a
 * short or a bought put is bearish, a closed position (EXIT) is neutral. Several calls on one company that disagree
 * (two speakers, long and short) are mixed.
 */
export function companyStances(calls: SummaryCall[]): { ticker: string; stance: StanceLabel }[] {
  const byTicker = new Map<string, Set<StanceLabel>>();
  for (const call of calls) {
    const stance: StanceLabel = call.action === 'EXIT' ? 'neutral' : call.direction === 'SHORT' ? 'bearish' : 'bullish';
    const set = byTicker.get(call.ticker) ?? new Set<StanceLabel>();
    set.add(stance);
    byTicker.set(call.ticker, set);
  }
  return [...byTicker].map(([ticker, set]) => {
    const views = [...set].filter((s) => s !== 'neutral');
    const stance: StanceLabel = views.length === 0 ? 'neutral' : views.length === 1 ? views[0]! : 'mixed';
    return { ticker, stance };
  });
}

/** The post's overall label from its companies: one direction, or mixed; neutral when it calls nothing. */
export function overallStance(companies: { stance: StanceLabel }[]): StanceLabel {
  const views = new Set(companies.map((c) => c.stance).filter((s) => s !== 'neutral'));
  if (views.size === 0) return 'neutral';
  if (views.size === 1) return [...views][0]!;
  return 'mixed';
}

/**
 * The stance line's subject: the companies, never the title. "Freeport-McMoRan (FCX) and Southern Copper (SCCO)"
 * when they share the overall label; each with its own label when they differ, "Freeport-McMoRan (FCX, bullish) and
 * Tesla (TSLA, bearish)". A post without calls has no stance on anyone: the subject is empty and the line reads
 * "Stance: No calls." (renderSummary), never "Neutral on" a company its author took no position on.
 */
export function stanceFor(
  companies: { ticker: string; stance: StanceLabel }[],
  mentions: TickerMention[],
): SummaryStructure['stance'] {
  const label = overallStance(companies);
  const part = (ticker: string, stance?: StanceLabel) => {
    const shown = displayNameFor(ticker, mentions);
    if (shown === ticker) return stance ? `${ticker} (${stance})` : ticker;
    return stance ? `${shown} (${ticker}, ${stance})` : `${shown} (${ticker})`;
  };
  if (companies.length === 0) return { label: 'neutral', subject: '' };
  const uniform = companies.every((c) => c.stance === label);
  return { label, subject: joinNames(companies.map((c) => part(c.ticker, uniform ? undefined : c.stance))) };
}

function joinNames(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Reads a rendered summary's stance line back: its label and the stance it states for each ticker ("FCX" →
 * bullish). For agents and for the evaluation, which check that summaries agree with picks.
 */
export function parseStance(summary: string): { label: StanceLabel | null; byTicker: Map<string, StanceLabel> } {
  // "Stance: No calls." matches nothing here: no label, no company. Summaries written before it said
  // "Neutral on Apple (AAPL) (no calls)", read the same way.
  const line = /^Stance: (Bullish|Bearish|Neutral|Mixed)(?: on (.*))?\.$/mu.exec(summary);
  const byTicker = new Map<string, StanceLabel>();
  if (!line) return { label: null, byTicker };
  const label = line[1]!.toLowerCase() as StanceLabel;
  const subject = line[2] ?? '';
  if (/\(no calls\)$/u.test(subject)) return { label, byTicker };
  const pattern =
    /\(([A-Z0-9.&-]{1,16})(?:, (bullish|bearish|neutral|mixed))?\)|(?:^|, | and )([A-Z0-9.&-]{1,16})(?: \((bullish|bearish|neutral|mixed)\))?(?=$|,| and )/gu;
  for (const m of subject.matchAll(pattern)) {
    const ticker = m[1] ?? m[3];
    if (ticker) byTicker.set(ticker, ((m[2] ?? m[4]) as StanceLabel | undefined) ?? label);
  }
  return { label, byTicker };
}
