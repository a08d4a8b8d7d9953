import { describe, expect, it } from 'vitest';
import { CLAIM_FEATURES, claimFeatures, learnedClaims, probabilityOf } from '@/lib/briefs/claim-model';
import { CLAIM_MODEL } from '@/lib/briefs/claim-model-weights';
import type { ScoredPassage } from '@/lib/briefs/meaning';
import type { Subject } from '@/lib/briefs/subject';

// The learned claim test (lib/briefs/claim-model.ts) with the committed weights, on passages written for this test
// (none is in the judged batches it was trained on), their similarities as the sentence encoder gives such sentences:
// a sentence that names the subject and reads as the answer is a claim, a sentence that names it in passing is not,
// and a question whose best passage reads far from it gets no claim at all (a free refusal).
const subject: Subject = {
  concepts: [
    {
      kind: 'name',
      label: 'Acme Freight',
      forms: [],
      weight: 6,
      group: 1,
      clause: 0,
      phrase: 0,
      unit: 0,
      generic: false,
      qualifier: false,
    },
  ],
  asksWhy: false,
  asksFigure: false,
  referring: [],
};

const passage = (over: Partial<ScoredPassage>): ScoredPassage => ({
  quote: 'A sentence.',
  start: 120,
  index: 2,
  share: 0.6,
  score: 0.6,
  speaker: null,
  causal: false,
  rule: null,
  names: 'all',
  topic: 'key',
  meaning: 0.5,
  titleMeaning: 0.4,
  leadMeaning: 0.4,
  ...over,
});

const post = (passages: ScoredPassage[], mentions = passages.length, sentences = 20) => ({
  passages,
  mentions,
  sentences,
});

describe('the learned claim model', () => {
  it('is fitted on the features this code computes, in their order', () => {
    expect(CLAIM_MODEL.features).toEqual([...CLAIM_FEATURES]);
    expect(CLAIM_MODEL.weights).toHaveLength(CLAIM_FEATURES.length);
    const features = claimFeatures(subject, [post([passage({})])])[0]![0];
    expect(features).toHaveLength(CLAIM_FEATURES.length);
    expect(features!.every(Number.isFinite)).toBe(true);
  });

  it('admits the sentence that answers and leaves the one naming the subject in passing', () => {
    const answer = passage({
      quote: 'Acme Freight raised its container rates by 12% on Monday, citing fuel costs.',
      rule: 'every-phrase',
      share: 0.9,
      index: 1,
      meaning: 0.78,
      titleMeaning: 0.7,
      leadMeaning: 0.72,
    });
    const passing = passage({
      quote: 'Our office moved next to the old Acme Freight depot last spring.',
      topic: null,
      share: 0,
      index: 14,
      meaning: 0.31,
      titleMeaning: 0.2,
      leadMeaning: 0.2,
    });
    const [claims, none] = learnedClaims(subject, [post([answer]), post([passing], 1, 40)], CLAIM_MODEL);
    expect(claims!.map((c) => c.quote)).toEqual([answer.quote]);
    expect(none).toEqual([]);
    const [pAnswer, pPassing] = claimFeatures(subject, [post([answer]), post([passing], 1, 40)]).map((list) =>
      probabilityOf(list[0]!, CLAIM_MODEL),
    );
    expect(pAnswer!).toBeGreaterThanOrEqual(CLAIM_MODEL.threshold);
    expect(pPassing!).toBeLessThan(CLAIM_MODEL.threshold);
  });

  it('refuses a question whose passages all read far from it, whatever words they share', () => {
    const far = [
      passage({ quote: 'Freight is what we call the boxes in the hall.', names: null, topic: 'other', meaning: 0.25 }),
      passage({ quote: 'Acme is a name from the cartoons.', topic: null, meaning: 0.2, titleMeaning: 0.1 }),
    ];
    expect(learnedClaims(subject, [post(far)], CLAIM_MODEL).flat()).toEqual([]);
  });
});
