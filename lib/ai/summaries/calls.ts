import { displayNameFor, type TickerMention } from '@/lib/ai/text/tickers';
import type { SummaryCall } from './stance';

const PHRASES: Record<string, [long: string, short: string]> = {
  NEW_POSITION: ['buys', 'shorts'],
  ADD: ['adds to', 'adds to the short in'],
  HOLD: ['holds', 'stays short'],
  RECOMMENDATION: ['recommends buying', 'recommends selling'],
  REDUCE: ['trims', 'covers part of the short in'],
  EXIT: ['sells out of', 'covers the short in'],
};

/**
 * One key point per call, attributed and naming the company: "Sam Ortiz shorts Tesla (TSLA)." The author is named
 * when the call is a speaker's or guest's (not the post's own author), else "The author".
 */
export function describeCalls(calls: SummaryCall[], mentions: TickerMention[], postAuthor?: string | null): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const call of calls) {
    const who = call.author && call.author !== postAuthor ? call.author : 'The author';
    const phrase = PHRASES[call.action]?.[call.direction === 'SHORT' ? 1 : 0] ?? 'has a view on';
    const shown = displayNameFor(call.ticker, mentions);
    const target = shown === call.ticker ? call.ticker : `${shown} (${call.ticker})`;
    const line = `${who} ${phrase} ${target}.`;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push(line);
  }
  return out;
}
