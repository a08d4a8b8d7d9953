import { describe, expect, it } from 'vitest';
import { minCoverage, topicKey } from '@/lib/watches/topic-key';

describe('topicKey', () => {
  it('leaves out the commonest terms while what they hold stays below the coverage a match needs', () => {
    // Equal idfs: a strong match needs two of three terms, so any post that matches holds one of the first two.
    expect(topicKey([2, 2, 2], minCoverage('strong'))).toEqual([0, 1]);
    // One rare term carries the topic: the two common ones (1/8 of its weight together) cannot match alone.
    expect(topicKey([1, 6, 1], minCoverage('strong'))).toEqual([1]);
    // The order of the key is the terms' order, whatever their rarity.
    expect(topicKey([1, 3, 4], minCoverage('strong'))).toEqual([1, 2]);
  });

  it('keys more terms for weak watches, which a smaller share of the topic reaches', () => {
    expect(topicKey([2, 2, 2], minCoverage('weak'))).toEqual([0, 1, 2]);
    expect(topicKey([5, 1], minCoverage('weak'))).toEqual([0]);
  });

  it('keys every term when one has no idf yet (no post holds it), and a single term always', () => {
    expect(topicKey([3, null, 1], minCoverage('strong'))).toEqual([0, 1, 2]);
    expect(topicKey([0.2], minCoverage('strong'))).toEqual([0]);
  });

  it('never leaves out terms that could carry a match: the rest hold under the needed coverage', () => {
    for (let trial = 0; trial < 500; trial++) {
      const idfs = Array.from({ length: 1 + (trial % 6) }, (_, i) => 0.05 + ((trial * 7 + i * 13) % 17) / 3);
      for (const confidence of ['weak', 'strong'] as const) {
        const needed = minCoverage(confidence);
        const key = new Set(topicKey(idfs, needed));
        const total = idfs.reduce((a, b) => a + b, 0);
        const rest = idfs.reduce((sum, idf, i) => sum + (key.has(i) ? 0 : idf), 0);
        expect(rest / total).toBeLessThan(needed);
      }
    }
  });
});
