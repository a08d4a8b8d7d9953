import { FEATURE_NAMES, type PairCandidate } from './features';

/** A post's candidates grouped by company and direction, with the judged label of each group. */
export interface TrainingGroup {
  label: 0 | 1;
  instances: PairCandidate['features'][];
}

export interface FitOptions {
  iterations?: number;
  learningRate?: number;
  l2?: number;
}

/**
 * Multiple-instance logistic regression: each (company, sentence) pair has a probability sigmoid(w·x); a group (a post's
 * company and direction) is a call when any of its pairs is (noisy-or), which is what the labels say. Full-batch Adam
 * from zero weights, a fixed number of steps: the same data always gives the same weights.
 */
export function fitNoisyOr(groups: TrainingGroup[], options: FitOptions = {}): number[] {
  const { iterations = 1500, learningRate = 0.05, l2 = 0.01 } = options;
  const d = FEATURE_NAMES.length;
  const w = new Array<number>(d).fill(0);
  const m = new Array<number>(d).fill(0);
  const v = new Array<number>(d).fill(0);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  const n = groups.length;
  for (let t = 1; t <= iterations; t += 1) {
    const grad = new Array<number>(d).fill(0);
    for (const g of groups) {
      const ps = g.instances.map((x) => 1 / (1 + Math.exp(-dot(w, x))));
      const none = Math.max(
        ps.reduce((q, p) => q * (1 - p), 1),
        1e-12,
      );
      g.instances.forEach((x, i) => {
        const p = ps[i]!;
        // d(-log P)/dz for a call, d(-log(1-P))/dz for a non-call, P = 1 - prod(1 - p).
        const dz = g.label === 1 ? (-none * p) / Math.max(1 - none, 1e-12) : p;
        for (let j = 0; j < d; j += 1) grad[j]! += (dz * x[j]!) / n;
      });
    }
    for (let j = 0; j < d; j += 1) {
      const gj = grad[j]! + (j === 0 ? 0 : l2 * w[j]!);
      m[j] = b1 * m[j]! + (1 - b1) * gj;
      v[j] = b2 * v[j]! + (1 - b2) * gj * gj;
      const mh = m[j]! / (1 - b1 ** t);
      const vh = v[j]! / (1 - b2 ** t);
      w[j]! -= (learningRate * mh) / (Math.sqrt(vh) + eps);
    }
  }
  return w.map((x) => Math.round(x * 1e6) / 1e6);
}

function dot(w: number[], x: number[]): number {
  let z = 0;
  for (let i = 0; i < x.length; i += 1) z += w[i]! * x[i]!;
  return z;
}
