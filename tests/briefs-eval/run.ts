/**
 * Runs judged questions through a brief function and measures the briefs: source recall@5 against the judgments,
 * whether each quote is in the text of the post it cites, and what happens to questions no post answers. The brief
 * function and the post texts are passed in, so this file needs no database and can be tested with fakes.
 */
import { performance } from 'node:perf_hooks';
import { cappedRecallAtK, type Judgments, mean, percentile } from '@/tests/search-eval/metrics';
import { type BriefCorpus, expectsNoAnswer, type JudgedQuestion } from './question-types';

/** The parts of a brief (lib/briefs/types.ts) the eval reads. */
export interface BriefLike {
  answered: boolean;
  claims: ReadonlyArray<{ text: string; sources: readonly number[] }>;
  sources: ReadonlyArray<{
    ref: number;
    publicationSlug: string;
    postSlug: string;
    citations: ReadonlyArray<{ claim: number; evidenceQuote: string }>;
  }>;
}

/** null: no post matched (the route's 404 `no_sources`). */
export type BriefFn = (question: JudgedQuestion) => Promise<BriefLike | null>;
/**
 * The quotable parts of a post by its key "publicationSlug/postSlug": its title and its stored text (body_text). A
 * quote is verbatim when one of them holds it as is.
 */
export type PostTextFn = (key: string) => Promise<string[] | null>;

/**
 * Whether a claim answers the question, from its quotes, as a reader judged it: `unjudged` when no judgment covers
 * them yet (the eval prints those with --unjudged, to be read and judged).
 */
export type ClaimVerdict = 'answers' | 'not' | 'unjudged';
export type ClaimJudge = (question: JudgedQuestion, quotes: readonly string[]) => ClaimVerdict;

/** The default number of sources, and so the k of recall: a brief reads and cites at most five posts. */
export const SOURCES_K = 5;

export type Outcome = 'no_sources' | 'not_answered' | 'answered';

export interface QuestionRun {
  id: string;
  corpus: BriefCorpus;
  question: string;
  expectsAnswer: boolean;
  outcome: Outcome;
  /** Source keys in the brief's order. */
  sources: string[];
  /** Sources the judgments grade relevant (1 or 2): each source is sold, so the rest are paid for and answer nothing. */
  relevantSources: number;
  relevantTotal: number;
  /** Relevant sources over min(5, relevant posts): 1 when every source answers, or every answering post is a source. */
  recall: number | null;
  claims: number;
  claimsVerbatim: number;
  citations: number;
  citationsVerbatim: number;
  /** Quotes not found as they stand in the cited post: "id [ref]: quote". */
  misquotes: string[];
  /** Each claim's quotes, the source keys they cite (a judge reads the post), and whether it answers the question. */
  judgedClaims: Array<{ quotes: string[]; sources: string[]; verdict: ClaimVerdict }>;
  /** Sources sold with no quote in the answer: each is charged and cites nothing. */
  uncitedSources: number;
  latencyMs: number;
}

export async function runQuestion(
  brief: BriefFn,
  question: JudgedQuestion,
  judgments: Judgments,
  postText: PostTextFn,
  judgeClaim: ClaimJudge = () => 'unjudged',
): Promise<QuestionRun> {
  const started = performance.now();
  const result = await brief(question);
  const latencyMs = performance.now() - started;
  const sources = (result?.sources ?? []).map((s) => `${s.publicationSlug}/${s.postSlug}`);
  const expectsAnswer = !expectsNoAnswer(question);
  const verbatim = new Map<number, boolean>();
  let citations = 0;
  let citationsVerbatim = 0;
  const misquotes: string[] = [];
  for (const [i, source] of (result?.sources ?? []).entries()) {
    const parts = source.citations.length > 0 ? await postText(sources[i]!) : null;
    for (const citation of source.citations) {
      citations += 1;
      const quote = citation.evidenceQuote;
      const found = parts !== null && quote.length > 0 && parts.some((part) => part.includes(quote));
      if (found) citationsVerbatim += 1;
      else misquotes.push(`${question.id} [${source.ref}]: ${citation.evidenceQuote.slice(0, 120)}`);
      verbatim.set(citation.claim, (verbatim.get(citation.claim) ?? true) && found);
    }
  }
  const claims = result?.claims.length ?? 0;
  // A claim counts as quoted verbatim when it has citations and every one of them is in its post.
  const claimsVerbatim = (result?.claims ?? []).filter((_, k) => verbatim.get(k + 1) === true).length;
  const judgedClaims = (result?.claims ?? []).map((_, k) => {
    const citing = (result?.sources ?? []).flatMap((s, i) =>
      s.citations.filter((c) => c.claim === k + 1).map((c) => ({ quote: c.evidenceQuote, source: sources[i]! })),
    );
    const quotes = citing.map((c) => c.quote);
    return {
      quotes,
      sources: [...new Set(citing.map((c) => c.source))],
      verdict: expectsAnswer ? judgeClaim(question, quotes) : ('not' as const),
    };
  });
  return {
    id: question.id,
    corpus: question.corpus,
    question: question.question,
    expectsAnswer,
    outcome: result === null ? 'no_sources' : result.answered ? 'answered' : 'not_answered',
    sources,
    relevantSources: sources.filter((key) => (judgments.get(key) ?? 0) > 0).length,
    relevantTotal: judgments.size,
    recall: expectsAnswer ? (cappedRecallAtK(sources, judgments, SOURCES_K) ?? 0) : null,
    claims,
    claimsVerbatim,
    citations,
    citationsVerbatim,
    misquotes,
    judgedClaims,
    uncitedSources: (result?.sources ?? []).filter((s) => s.citations.length === 0).length,
    latencyMs,
  };
}

export interface BriefSummary {
  questions: number;
  answerable: number;
  /** Mean recall@5 over the questions some post answers. */
  recall: number | null;
  /** Of the sources briefs on answerable questions read (and sell), the share that answers the question. */
  sourcePrecision: number | null;
  /** Sources of briefs on questions no post answers: each would be sold for nothing. */
  unansweredSources: number;
  /** Answerable questions the brief answered (rather than no_sources or "the sources do not answer"). */
  answeredShare: number | null;
  /** Claims whose every citation's quote is in the cited post, over all claims; and the same per citation. */
  claimFidelity: number | null;
  citationFidelity: number | null;
  claims: number;
  citations: number;
  /** What the questions no post answers got. */
  noAnswer: Record<Outcome, number>;
  /** Of the questions no post answers, the share refused (404 no_sources, or "the sources do not answer"). */
  refusedShare: number | null;
  /** Of the claims judged, the share that answers the question (every claim of an answer nothing answers does not). */
  claimsAnswering: number | null;
  claimsJudged: number;
  claimsUnjudged: number;
  /** Sources sold without a quote in the answer, over all briefs. */
  uncitedSources: number;
  latencyMs: { p50: number | null; p95: number | null };
}

export function summarize(runs: readonly QuestionRun[]): BriefSummary {
  const answerable = runs.filter((r) => r.expectsAnswer);
  const claims = runs.reduce((sum, r) => sum + r.claims, 0);
  const citations = runs.reduce((sum, r) => sum + r.citations, 0);
  const noAnswer: Record<Outcome, number> = { no_sources: 0, not_answered: 0, answered: 0 };
  for (const r of runs) if (!r.expectsAnswer) noAnswer[r.outcome] += 1;
  const latencies = runs.map((r) => r.latencyMs);
  const sold = answerable.reduce((sum, r) => sum + r.sources.length, 0);
  const verdicts = runs.flatMap((r) => r.judgedClaims.map((c) => c.verdict));
  const judged = verdicts.filter((v) => v !== 'unjudged').length;
  const unanswerable = runs.length - answerable.length;
  return {
    questions: runs.length,
    answerable: answerable.length,
    recall: mean(answerable.map((r) => r.recall)),
    sourcePrecision: sold === 0 ? null : answerable.reduce((sum, r) => sum + r.relevantSources, 0) / sold,
    unansweredSources: runs.filter((r) => !r.expectsAnswer).reduce((sum, r) => sum + r.sources.length, 0),
    answeredShare:
      answerable.length === 0 ? null : answerable.filter((r) => r.outcome === 'answered').length / answerable.length,
    claimFidelity: claims === 0 ? null : runs.reduce((sum, r) => sum + r.claimsVerbatim, 0) / claims,
    citationFidelity: citations === 0 ? null : runs.reduce((sum, r) => sum + r.citationsVerbatim, 0) / citations,
    claims,
    citations,
    noAnswer,
    refusedShare: unanswerable === 0 ? null : (noAnswer.no_sources + noAnswer.not_answered) / unanswerable,
    claimsAnswering: judged === 0 ? null : verdicts.filter((v) => v === 'answers').length / judged,
    claimsJudged: judged,
    claimsUnjudged: verdicts.length - judged,
    uncitedSources: runs.reduce((sum, r) => sum + r.uncitedSources, 0),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
  };
}
