import { describe, expect, it } from 'vitest';
import {
  ANSWER_MARGIN,
  admissionOf,
  admittedClaims,
  closeToBest,
  type ScoredPassage,
  THRESHOLDS,
} from '@/lib/briefs/meaning';
import type { Subject } from '@/lib/briefs/subject';

// The meaning half of the claim test (lib/briefs/meaning.ts): which threshold a passage is held to follows from what
// of the question's subject it names, and a "why" question puts a stated cause first.
const passage = (over: Partial<ScoredPassage>): ScoredPassage => ({
  quote: 'A sentence.',
  start: 0,
  index: 1,
  share: 0.5,
  score: 0.5,
  speaker: null,
  causal: false,
  rule: null,
  names: 'all',
  topic: 'key',
  meaning: 0.6,
  titleMeaning: 0.4,
  ...over,
});

describe('admissionOf', () => {
  it('sells a sentence the rules admit only when it also reads as on the question', () => {
    expect(admissionOf(passage({ rule: 'every-phrase', meaning: 0.55, titleMeaning: 0.2 }))).toBe('rule');
    // Names every noun phrase, says something else ("A New York City taxi driver took his own life in March").
    expect(admissionOf(passage({ rule: 'every-phrase', meaning: 0.4, titleMeaning: 0.2 }))).toBeNull();
  });

  it('holds a passage to a higher threshold the less of the subject it names', () => {
    const m = { meaning: 0.6, titleMeaning: 0.4 };
    expect(admissionOf(passage({ ...m, topic: 'key' }))).toBe('meaning');
    expect(admissionOf(passage({ ...m, topic: 'key', names: 'some' }))).toBeNull();
    expect(admissionOf(passage({ ...m, topic: 'other' }))).toBeNull();
    expect(admissionOf(passage({ meaning: 0.76, titleMeaning: 0.5, topic: 'other' }))).toBe('meaning');
    // The names alone, or neither names nor topic, never make a claim, however close the sentence reads.
    expect(admissionOf(passage({ meaning: 0.9, titleMeaning: 0.9, topic: null }))).toBeNull();
    expect(admissionOf(passage({ meaning: 0.9, titleMeaning: 0.9, names: null }))).toBeNull();
  });

  it('wants a similarity of its own for a passage the rules do not admit, whatever its title', () => {
    expect(admissionOf(passage({ meaning: THRESHOLDS.floor - 0.01, titleMeaning: 1 }))).toBeNull();
  });
});

describe('admittedClaims', () => {
  it('puts the passage that states a cause first for a "why" question', () => {
    const why: Subject = { concepts: [], asksWhy: true, asksFigure: false, referring: [] };
    const claims = admittedClaims(why, [
      passage({ quote: 'Hospitals are suing patients more often.', meaning: 0.7 }),
      passage({ quote: 'Hospitals sue because unpaid bills grew.', meaning: 0.66, causal: true }),
    ]);
    expect(claims.map((c) => c.quote)).toEqual([
      'Hospitals sue because unpaid bills grew.',
      'Hospitals are suing patients more often.',
    ]);
  });
});

describe('closeToBest', () => {
  it('keeps, across posts, the admitted passages within the margin of the best one', () => {
    const best = passage({ quote: 'best', rule: 'every-phrase', meaning: 0.8, titleMeaning: 0.6 });
    const near = passage({
      quote: 'near',
      rule: 'every-phrase',
      meaning: 0.8 - ANSWER_MARGIN + 0.01,
      titleMeaning: 0.6,
    });
    const far = passage({ quote: 'far', rule: 'every-phrase', meaning: 0.8 - ANSWER_MARGIN - 0.01, titleMeaning: 0.6 });
    const refused = passage({ quote: 'refused', topic: null, meaning: 0.95, titleMeaning: 0.95 });
    const kept = closeToBest([[far, best], [near, refused], [far]]);
    expect(kept.map((list) => list.map((p) => p.quote))).toEqual([['best'], ['near'], []]);
    expect(closeToBest([[refused]])).toEqual([[]]);
  });
});
