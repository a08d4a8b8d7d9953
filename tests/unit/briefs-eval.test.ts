import { describe, expect, it } from 'vitest';
import { claimJudge } from '@/tests/briefs-eval/claim-judge';
import type { JudgedQuestion } from '@/tests/briefs-eval/question-types';
import { type BriefLike, runQuestion, summarize } from '@/tests/briefs-eval/run';

const question: JudgedQuestion = { id: 'q', corpus: 'real', question: 'Who won?', relevant: { a: 2, b: 1 } };
const none: JudgedQuestion = { id: 'n', corpus: 'real', question: 'Copper?', relevant: {} };
const texts: Record<string, string> = { 'p.com/a': 'Alpha said the bet was won by Beta.', 'p.com/x': 'Nothing here.' };
const postText = async (key: string) => (texts[key] ? [key, texts[key]] : null);

function brief(quotes: Array<[string, string]>): BriefLike {
  return {
    answered: true,
    claims: quotes.map(([, quote]) => ({ text: quote, sources: [1] })),
    sources: quotes.map(([key, quote], i) => ({
      ref: i + 1,
      publicationSlug: key.split('/')[0]!,
      postSlug: key.split('/')[1]!,
      citations: [{ claim: i + 1, evidenceQuote: quote }],
    })),
  };
}

describe('the briefs eval (tests/briefs-eval/run.ts)', () => {
  it('counts recall@5 against the judged posts and a quote found as is in its post', async () => {
    const judgments = new Map([
      ['p.com/a', 2 as const],
      ['p.com/b', 1 as const],
    ]);
    const run = await runQuestion(
      async () =>
        brief([
          ['p.com/a', 'the bet was won by Beta'],
          ['p.com/x', 'Something here'],
        ]),
      question,
      judgments,
      postText,
    );
    expect(run.recall).toBe(0.5);
    // p.com/x was read and sold but answers nothing.
    expect(run.relevantSources).toBe(1);
    expect([run.citations, run.citationsVerbatim, run.claims, run.claimsVerbatim]).toEqual([2, 1, 2, 1]);
    expect(run.misquotes).toEqual(['q [2]: Something here']);
    const summary = summarize([run]);
    expect([summary.citationFidelity, summary.claimFidelity, summary.answeredShare]).toEqual([0.5, 0.5, 1]);
    expect(summary.sourcePrecision).toBe(0.5);
  });

  it('records what a question no post answers got, outside recall', async () => {
    const runs = [
      await runQuestion(async () => null, none, new Map(), postText),
      await runQuestion(async () => ({ ...brief([]), answered: false }), none, new Map(), postText),
      await runQuestion(async () => brief([['p.com/x', 'Nothing here.']]), none, new Map(), postText),
    ];
    expect(runs.map((r) => [r.outcome, r.recall])).toEqual([
      ['no_sources', null],
      ['not_answered', null],
      ['answered', null],
    ]);
    expect(summarize(runs).noAnswer).toEqual({ no_sources: 1, not_answered: 1, answered: 1 });
    expect(summarize(runs).unansweredSources).toBe(1);
    expect(summarize(runs).recall).toBeNull();
    expect(summarize(runs).sourcePrecision).toBeNull();
  });

  it('judges each claim by its quotes, counts sold sources that cite nothing, and refusals', async () => {
    const judged: JudgedQuestion = { ...question, corpus: 'real', answers: ['the bet was won by Beta'] };
    const judge = claimJudge({ q: { answers: [], not: ['Something here'] } });
    const uncited = brief([['p.com/a', 'the bet was won by Beta']]);
    const withUncited = {
      ...uncited,
      sources: [...uncited.sources, { ref: 2, publicationSlug: 'p.com', postSlug: 'x', citations: [] }],
    };
    const run = await runQuestion(async () => withUncited, judged, new Map([['p.com/a', 2 as const]]), postText, judge);
    expect(run.judgedClaims.map((c) => c.verdict)).toEqual(['answers']);
    // The claim names the post it quotes, for the reader who judges it; the uncited source is no claim's.
    expect(run.judgedClaims.map((c) => c.sources)).toEqual([['p.com/a']]);
    expect(run.uncitedSources).toBe(1);
    const other = await runQuestion(
      async () => brief([['p.com/x', 'Something here']]),
      judged,
      new Map(),
      postText,
      judge,
    );
    const unknown = await runQuestion(
      async () => brief([['p.com/x', 'Nothing here.']]),
      judged,
      new Map(),
      postText,
      judge,
    );
    expect(other.judgedClaims[0]!.verdict).toBe('not');
    expect(unknown.judgedClaims[0]!.verdict).toBe('unjudged');
    const refused = await runQuestion(async () => null, none, new Map(), postText, judge);
    const sold = await runQuestion(async () => brief([['p.com/x', 'Nothing here.']]), none, new Map(), postText, judge);
    // Every claim of an answer to a question nothing answers does not answer it.
    expect(sold.judgedClaims[0]!.verdict).toBe('not');
    const summary = summarize([run, other, unknown, refused, sold]);
    expect(summary.claimsAnswering).toBeCloseTo(1 / 3);
    expect([summary.claimsJudged, summary.claimsUnjudged, summary.uncitedSources]).toEqual([3, 1, 1]);
    expect(summary.refusedShare).toBe(0.5);
  });
});
