import { z } from 'zod';
import { FEATURE_NAMES, type PairCandidate } from './features';
import committedWeights from './weights.json';

/** The committed weights of the learned step (lib/ai/picks/learned/weights.json, written by `npm run train:picks`). */
export const PickModelSchema = z.object({
  version: z.string(),
  features: z.array(z.string()),
  weights: z.array(z.number()),
  /** A (company, direction) the rules did not call is added when its probability reaches this. */
  addThreshold: z.number().min(0).max(1),
  trainedOn: z.array(z.string()),
});
export type PickModel = z.infer<typeof PickModelSchema>;

/** One company and direction in a post: its candidates' probability of being a call (noisy-or) and the best one. */
export interface GroupScore {
  ticker: string;
  direction: PairCandidate['direction'];
  probability: number;
  best: PairCandidate;
  ruleFired: boolean;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function candidateProbability(model: PickModel, x: number[]): number {
  let z = 0;
  for (let i = 0; i < x.length; i += 1) z += (model.weights[i] ?? 0) * x[i]!;
  return sigmoid(z);
}

/**
 * A company and direction is the author's call when at least one of its (company, sentence) pairs is: the noisy-or of
 * the pairs' probabilities, as the model was trained (multiple-instance, the labels being per post and company).
 */
export function groupScores(model: PickModel, candidates: PairCandidate[]): GroupScore[] {
  if (model.features.length !== FEATURE_NAMES.length || model.features.some((f, i) => f !== FEATURE_NAMES[i])) {
    throw new Error('picks model: its features are not the extractor’s; retrain with npm run train:picks');
  }
  const groups = new Map<string, { none: number; best: PairCandidate; bestP: number; rule: boolean }>();
  for (const c of candidates) {
    const p = candidateProbability(model, c.features);
    const key = `${c.ticker}|${c.direction}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { none: 1 - p, best: c, bestP: p, rule: c.ruleFired });
    else {
      g.none *= 1 - p;
      if (p > g.bestP) {
        g.best = c;
        g.bestP = p;
      }
      g.rule ||= c.ruleFired;
    }
  }
  return [...groups.values()].map((g) => ({
    ticker: g.best.ticker,
    direction: g.best.direction,
    probability: 1 - g.none,
    best: g.best,
    ruleFired: g.rule,
  }));
}

/** The committed model; a missing or malformed file is an error at load, not a silent rules-only run. */
export const PICK_MODEL: PickModel = PickModelSchema.parse(committedWeights);
