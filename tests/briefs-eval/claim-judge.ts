import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JudgedQuestion } from './question-types';
import type { ClaimJudge, ClaimVerdict } from './run';

/**
 * Claims read and judged after a run, per question id: quotes that answer the question, and quotes that do not. A
 * claim whose quotes no judgment covers is printed by `npm run eval:briefs -- --unjudged`, read, and added here: the
 * judgments grow with the claims the rules produce (pooled judging), and a quote once judged keeps its verdict.
 */
export interface ClaimReadings {
  answers: string[];
  not: string[];
}

const FILE = path.join(import.meta.dirname, 'claim-judgments.json');

export function loadClaimReadings(): Record<string, ClaimReadings> {
  return JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, ClaimReadings>;
}

const squeeze = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** One passage holds the other: a quote of a judged sentence's first clause, or of a sentence around a judged title. */
function sameQuote(quote: string, judged: string): boolean {
  const a = squeeze(quote);
  const b = squeeze(judged);
  return a === b || (b.length >= 20 && a.includes(b)) || (a.length >= 20 && b.includes(a));
}

/**
 * A claim answers when one of its quotes is a passage judged to answer (the question's own `answers`, or a reading);
 * it does not when every quote was read and judged not to; otherwise it is unjudged.
 */
export function claimJudge(readings: Record<string, ClaimReadings> = loadClaimReadings()): ClaimJudge {
  return (question: JudgedQuestion, quotes: readonly string[]): ClaimVerdict => {
    const written = question.corpus === 'real' ? (question.answers ?? []) : [];
    const read = readings[question.id] ?? { answers: [], not: [] };
    const yes = [...written, ...read.answers];
    if (quotes.some((quote) => yes.some((judged) => sameQuote(quote, judged)))) return 'answers';
    if (quotes.length > 0 && quotes.every((quote) => read.not.some((judged) => sameQuote(quote, judged)))) return 'not';
    return 'unjudged';
  };
}
