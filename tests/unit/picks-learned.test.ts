import { describe, expect, it } from 'vitest';
import { pairCandidates } from '@/lib/ai/picks/learned/features';
import { groupScores, PICK_MODEL, type PickModel } from '@/lib/ai/picks/learned/model';
import { extractByRules, pairContextOf } from '@/lib/ai/picks/offline';

// The learned step's inference with the committed weights, on texts written for this test (in none of the judged
// sets it was trained on).
const scores = (text: string) => {
  const probability = new Map<string, number>();
  for (const g of groupScores(PICK_MODEL, pairCandidates(pairContextOf({ title: 'Note', text }))))
    probability.set(`${g.ticker}|${g.direction}`, g.probability);
  return probability;
};
const calls = (text: string, model: PickModel | null = PICK_MODEL) =>
  extractByRules({ title: 'Note', text, author: 'Noor Aziz' }, model)
    .map((p) => `${p.ticker} ${p.action} ${p.direction}`)
    .sort();

const LIST = `Packaging names had a slow month; Sonoco Products (SON) cut its volume outlook again.

Changes to the portfolio in November:
1. Increase: Graphic Packaging (GPK), from 2% to 3%.
2. Close: Sealed Air (SEE).

Cash ends the month at 5%.`;

describe('the learned step', () => {
  it('scores a stated trade above a mention of a company in the same post', () => {
    const p = scores(LIST);
    expect(p.get('GPK|LONG')).toBeGreaterThan(p.get('SON|LONG')!);
    expect(p.get('SEE|LONG')).toBeGreaterThan(p.get('SON|LONG')!);
    expect(p.get('SON|LONG')!).toBeLessThan(PICK_MODEL.addThreshold);
  });

  it('adds the list items the rules leave out, with the action their words state, and not the mention', () => {
    expect(calls(LIST, null)).toEqual([]);
    expect(calls(LIST)).toEqual(['GPK ADD LONG', 'SEE EXIT LONG']);
  });

  it('keeps the rules’ precision checks: a watchlist, a company we do not own, a question add nothing', () => {
    const text = `Changes to the portfolio in November:
1. Increase: Graphic Packaging (GPK), from 2% to 3%.
2. Watching, no position: Sealed Air (SEE).

Sonoco Products (SON), which we don't own, cut its outlook. Should we buy International Paper (IP)?`;
    expect(calls(text)).toEqual(['GPK ADD LONG']);
  });

  it('is deterministic and needs no network', () => {
    expect(calls(LIST)).toEqual(calls(LIST));
    expect(PICK_MODEL.weights).toHaveLength(PICK_MODEL.features.length);
  });
});
