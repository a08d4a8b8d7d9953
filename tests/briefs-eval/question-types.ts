import type { Grade } from '@/tests/search-eval/metrics';
import type { Facet } from '@/tests/search-eval/query-types';
import type { WindowRule } from '@/tests/search-eval/time-windows';

export type BriefCorpus = 'demo' | 'real';

interface QuestionBase {
  /** Stable id for diffs between runs. */
  id: string;
  /** As an agent would send it in POST /api/v1/briefs. */
  question: string;
  /** The request's `window` phrase, when the agent sends one besides the question. */
  window?: string;
  /** Why the judgment is what it is, where the question does not make it obvious. */
  note?: string;
}

/**
 * A question over the demo corpus. Its relevant posts are judged from the generator's ground truth with the search
 * eval's rules (tests/search-eval/judge.ts: ticker, theme and sector facets, a time window), so a regenerated corpus
 * cannot leave stale slugs behind. No facet: no post answers it.
 */
export interface DemoQuestion extends QuestionBase {
  corpus: 'demo';
  facets: Facet[];
  match?: 'all' | 'any';
  /** Only posts published in this window answer it (the question's or the request's time phrase). */
  within?: WindowRule;
}

/**
 * A question over the real-text corpus (tests/fixtures/real-text), judged by reading the posts: fixture id (the
 * stored guid, `file#index`) -> 2 (answers it) or 1 (answers part of it, or touches it in passing). Empty: no post
 * answers it.
 */
export interface RealQuestion extends QuestionBase {
  corpus: 'real';
  relevant: Record<string, Exclude<Grade, 0>>;
  /**
   * The claim-judged sets (claims.ts): 1 was written and frozen before the claim test (lib/briefs/claims) existed, 2
   * after it, 3 after the changes batch 2 led to, 4 (questions-claims-b4.ts) before the changes of the third round, 5 (questions-claims-b5.ts) after them, 8 (questions-claims-b8.ts), 9 (questions-claims-b9.ts), 10 (questions-claims-b10.ts), 11 (questions-claims-b11.ts) and 12 (questions-claims-b12.ts) written blind like 4. Their claims are judged one by one: `answers` holds sentences (or titles) of the relevant posts, copied
   * verbatim, that answer the question, written with the question; later readings are in claim-judgments.json.
   */
  batch?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
  answers?: string[];
}

export type JudgedQuestion = DemoQuestion | RealQuestion;

/** A question no post of its corpus answers: a brief should be null (404 `no_sources`) or say it does not answer. */
export function expectsNoAnswer(question: JudgedQuestion): boolean {
  return question.corpus === 'demo' ? question.facets.length === 0 : Object.keys(question.relevant).length === 0;
}
