import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractiveBriefGenerator } from '@/lib/briefs/generate-offline';
import { claimJudge } from '@/tests/briefs-eval/claim-judge';
import { type EvalCorpus, openEvalCorpus } from '@/tests/briefs-eval/corpora';
import { type EvalSet, questionsOf } from '@/tests/briefs-eval/questions';
import { type QuestionRun, runQuestion, summarize } from '@/tests/briefs-eval/run';

// `npm run eval:briefs` as a test, with sources ranked lexically (no embedder: the vectors of 7,000 posts would double
// its time): every judged question of every set, briefs by the offline generator. What must hold everywhere holds
// exactly: every quote verbatim, no charged source uncited, no question nothing answers sold. The rest are floors a
// little under the figures measured with fts on 2026-12-07, the claim test reading meaning (lib/briefs/meaning.ts;
// docs/benchmarks.md#research-brief-quality), so that a change to search or to the claim test that loses answers, or sells claims that do not answer, fails here.
// batch6 to batch12 are left out until their claims are judged and their figures measured: they have no floors yet.
type FlooredSet = Exclude<EvalSet, 'batch6' | 'batch7' | 'batch8' | 'batch9' | 'batch10' | 'batch11' | 'batch12'>;
const SETS: FlooredSet[] = ['demo', 'real', 'batch1', 'batch2', 'batch3', 'batch4', 'batch5'];
const ANSWERED: Record<FlooredSet, number> = {
  demo: 0.85,
  real: 0.6,
  batch1: 0.65,
  batch2: 0.55,
  batch3: 0.5,
  batch4: 0.3,
  batch5: 0.35,
};
// Measured again with fts after the claims near the best one were kept (lib/briefs/meaning.ts's ANSWER_MARGIN): fewer
// sources are sold, so real's recall@5 fell (0.44 -> 0.33) while the share of sold sources judged relevant rose
// (0.96 -> 1.00); batch 4's claims read 0.667 of 9 and batch 3's 0.750 of 8 (npm run eval:briefs -- --fts --no-lead).
const RECALL: Partial<Record<FlooredSet, number>> = { demo: 0.6, real: 0.3 };
const CLAIMS_ANSWERING: Partial<Record<FlooredSet, number>> = {
  batch1: 0.7,
  batch2: 0.7,
  batch3: 0.7,
  batch4: 0.6,
  batch5: 0.75,
};

const runs = new Map<EvalSet, QuestionRun[]>();
const opened: EvalCorpus[] = [];

beforeAll(async () => {
  const generator = new ExtractiveBriefGenerator();
  const judge = claimJudge();
  for (const corpus of ['demo', 'real'] as const) {
    const evalCorpus = await openEvalCorpus(corpus, null, () => {}, { leadMeanings: false });
    opened.push(evalCorpus);
    const brief = evalCorpus.brief(generator);
    for (const set of SETS.filter((s) => (s === 'demo') === (corpus === 'demo'))) {
      const list: QuestionRun[] = [];
      for (const question of questionsOf(set)) {
        list.push(await runQuestion(brief, question, evalCorpus.judge(question), evalCorpus.postText, judge));
      }
      runs.set(set, list);
    }
  }
}, 1_200_000);

afterAll(async () => {
  for (const { db } of opened) await db.close();
});

const all = () => [...runs.values()].flat();

describe('research briefs on the judged questions (npm run eval:briefs)', () => {
  it('asks the judged sets: 40 or more claim-judged questions, 15 or more of them no post answers', () => {
    const claimJudged = ['batch1', 'batch2', 'batch3', 'batch4', 'batch5'].flatMap(
      (set) => runs.get(set as EvalSet) ?? [],
    );
    expect(claimJudged.length).toBeGreaterThanOrEqual(40);
    expect(claimJudged.filter((r) => !r.expectsAnswer).length).toBeGreaterThanOrEqual(15);
    expect(runs.get('demo')!.length).toBeGreaterThanOrEqual(10);
  });

  it('quotes every citation verbatim from the post it cites, and cites every source it sells', () => {
    const summary = summarize(all());
    expect(all().flatMap((r) => r.misquotes)).toEqual([]);
    expect(summary.claims).toBeGreaterThan(100);
    expect(summary.citationFidelity).toBe(1);
    expect(summary.claimFidelity).toBe(1);
    expect(summary.uncitedSources).toBe(0);
  });

  it('refuses every question no post answers, in every set (404 no_sources)', () => {
    for (const set of SETS) {
      const none = runs.get(set)!.filter((r) => !r.expectsAnswer);
      expect(none.map((r) => [r.id, r.outcome])).toEqual(none.map((r) => [r.id, 'no_sources']));
    }
  });

  it('answers the answerable questions, and reads the posts that answer them, above the measured floors', () => {
    for (const set of SETS) {
      const summary = summarize(runs.get(set)!);
      expect(summary.answeredShare, set).toBeGreaterThanOrEqual(ANSWERED[set]);
      if (RECALL[set] !== undefined) expect(summary.recall, set).toBeGreaterThanOrEqual(RECALL[set]);
    }
  });

  it('makes claims that answer the question, every one of them judged', () => {
    for (const [set, floor] of Object.entries(CLAIMS_ANSWERING) as Array<[EvalSet, number]>) {
      const summary = summarize(runs.get(set)!);
      expect(summary.claimsUnjudged, `${set}: run npm run eval:briefs -- --unjudged and judge them`).toBe(0);
      expect(summary.claimsAnswering, set).toBeGreaterThanOrEqual(floor);
    }
  });
});
