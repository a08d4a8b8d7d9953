import { describe, expect, it } from 'vitest';
import { evaluatePost, metrics, type PostResult, totals } from '@/lib/ai/evaluation/judged-set';
import { RuleBasedPickExtractor } from '@/lib/ai/picks/offline';
import { ExtractiveSummarizer } from '@/lib/ai/summaries/offline';
import { htmlToPlainText } from '@/lib/ingest/html/to-text';
import { JUDGED_POSTS } from '@/tests/fixtures/picks/judged-set';
import { BATCH3_POSTS } from '@/tests/fixtures/picks/judged-set-batch3';
import { BATCH4_POSTS } from '@/tests/fixtures/picks/judged-set-batch4';
import { BATCH5_POSTS } from '@/tests/fixtures/picks/judged-set-batch5';
import { HOLDOUT_POSTS } from '@/tests/fixtures/picks/judged-set-holdout';

// The quality gate of issue 24 on our own judged set (npm run eval:picks prints the table): the offline generators
// must keep these figures. A quality floor, not a timing test.
describe('offline generators on the judged set', async () => {
  const generators = { extractor: new RuleBasedPickExtractor(), summarizer: new ExtractiveSummarizer() };
  const results: PostResult[] = [];
  for (const post of [...JUDGED_POSTS, ...HOLDOUT_POSTS, ...BATCH3_POSTS, ...BATCH4_POSTS, ...BATCH5_POSTS])
    results.push(await evaluatePost(post, generators, htmlToPlainText));
  const all = totals(results);
  const m = metrics(all);

  it('is the set the issue asks for', () => {
    expect(all.posts).toBeGreaterThanOrEqual(40);
    expect(all.calls).toBeGreaterThanOrEqual(80);
    expect(all.nonCalls).toBeGreaterThanOrEqual(40);
    for (const category of ['essay', 'portfolio', 'transcript', 'macro', 'international']) {
      expect(totals(results, category).posts).toBeGreaterThanOrEqual(5);
    }
  });

  it('finds the calls: precision >= 0.95, recall >= 0.90, action accuracy >= 0.85', () => {
    const misses = results.flatMap((r) =>
      r.notes.filter((n) => /^(?:MISS|EXTRA|ACTION)/u.test(n)).map((n) => `${r.post.id}: ${n}`),
    );
    expect({
      precision: m.precision >= 0.95,
      recall: m.recall >= 0.9,
      action: m.actionAccuracy >= 0.85,
      misses,
    }).toMatchObject({
      precision: true,
      recall: true,
      action: true,
    });
    expect(all.nonCallPicked).toBe(0);
  });

  it('attributes transcript calls to their speakers', () => {
    expect(m.speakerAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('names every called company in its summary, with a stance that agrees with the picks in every post', () => {
    const disagreeing = results.filter((r) => r.scores.postsAgreeing === 0).map((r) => r.post.id);
    expect(disagreeing).toEqual([]);
    expect(all.calledNamed).toBe(all.called);
    expect(m.stanceAgreement).toBeGreaterThanOrEqual(0.9);
    expect(m.tickersListed).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps HTML lists as lists in the summary input: no bullet holds two items', () => {
    for (const r of results.filter((x) => x.post.html?.includes('<li>'))) {
      for (const line of r.summary.split('\n')) expect(line).not.toMatch(/^- (?:- |.* - [A-Z])/u);
    }
  });
});
