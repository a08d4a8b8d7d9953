import { describe, expect, it } from 'vitest';
import { leadSentences } from '@/lib/ai/evaluation/lead';
import { lcsLength, meanRouge, rouge, rougeTokens } from '@/lib/ai/evaluation/rouge';
import { pageRank, textRankSentences } from '@/lib/ai/evaluation/textrank';

const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 10);

describe('rougeTokens', () => {
  it('lower-cases, splits at every non-alphanumeric run and stems words of more than three characters', () => {
    expect(rougeTokens('Revenue ROSE 12.5% to $3.4bn, killing estimates!')).toEqual([
      'revenu',
      'rose',
      '12',
      '5',
      'to',
      '3',
      '4bn',
      'kill',
      'estim',
    ]);
    expect(rougeTokens('Revenue rose', { stem: false })).toEqual(['revenue', 'rose']);
    expect(rougeTokens(' / — ')).toEqual([]);
  });
});

describe('rouge', () => {
  // Lin (2004), section 3.1: the reference "police killed the gunman" and two candidates, without stemming.
  const reference = 'police killed the gunman';

  it('scores the ROUGE paper examples by hand', () => {
    const s2 = rouge('police kill the gunman', reference, { stem: false });
    close(s2.rouge1.f1, 3 / 4); // police, the, gunman
    close(s2.rouge2.f1, 1 / 3); // "the gunman" of three bigrams each
    close(s2.rougeL.f1, 3 / 4); // LCS "police the gunman"
    const s3 = rouge('the gunman kill police', reference, { stem: false });
    close(s3.rouge1.f1, 3 / 4);
    close(s3.rouge2.f1, 1 / 3);
    close(s3.rougeL.f1, 2 / 4); // LCS "the gunman": ROUGE-L tells S2 from S3, ROUGE-2 does not
  });

  it('matches inflections once stemmed', () => {
    const s2 = rouge('police kill the gunman', reference);
    close(s2.rouge1.f1, 1);
    close(s2.rouge2.f1, 1);
    close(s2.rougeL.f1, 1);
  });

  it('keeps precision and recall apart when the lengths differ', () => {
    const s = rouge('testing', 'testing one two');
    close(s.rouge1.precision, 1);
    close(s.rouge1.recall, 1 / 3);
    close(s.rouge1.f1, 1 / 2);
    const l = rouge('testing two', 'testing one two');
    close(l.rougeL.precision, 1);
    close(l.rougeL.recall, 2 / 3);
    close(l.rougeL.f1, 4 / 5);
    close(l.rouge2.f1, 0);
  });

  it('clips repeated n-grams at their count in the other text', () => {
    // Candidate: the ×2, cat, sat, on, mat; reference: the ×2, cat, is, on, mat.
    const s = rouge('the cat sat on the mat', 'the cat is on the mat', { stem: false });
    close(s.rouge1.f1, 5 / 6);
    close(s.rouge2.f1, 3 / 5); // "the cat", "on the", "the mat"
    close(s.rougeL.f1, 5 / 6); // "the cat on the mat"
    close(rouge('the the the', 'the cat', { stem: false }).rouge1.precision, 1 / 3);
  });

  it('scores an empty side as zero', () => {
    const s = rouge('', 'police killed the gunman');
    expect([s.rouge1.f1, s.rouge2.f1, s.rougeL.f1]).toEqual([0, 0, 0]);
  });

  it('averages per document (macro)', () => {
    const m = meanRouge([rouge('a b', 'a b', { stem: false }), rouge('a', 'a b c d', { stem: false })]);
    close(m.rouge1.precision, 1);
    close(m.rouge1.recall, (1 + 1 / 4) / 2);
    close(m.rouge1.f1, (1 + 2 / 5) / 2);
  });

  it('finds the longest common subsequence', () => {
    expect(lcsLength(['1', '2', '3', '4', '5'], ['2', '5', '3', '4'])).toBe(3);
    expect(lcsLength(['1', '2'], ['8', '9'])).toBe(0);
  });
});

describe('baselines', () => {
  const text = [
    'Inflation rose to 4 percent in March. Prices of food and energy drove the increase.',
    'The central bank raised its policy rate. Higher rates make borrowing costlier for households and firms.',
    'Economists expect inflation to ease as higher rates slow borrowing and spending.',
  ].join('\n\n');

  it('Lead-3 takes the first three sentences across paragraphs', () => {
    expect(leadSentences(text)).toEqual([
      'Inflation rose to 4 percent in March.',
      'Prices of food and energy drove the increase.',
      'The central bank raised its policy rate.',
    ]);
  });

  it('TextRank returns its best sentences in document order', () => {
    const chosen = textRankSentences(text, 2);
    expect(chosen).toHaveLength(2);
    // The closing sentence shares inflation, rates, borrowing with the others: the most central one.
    expect(chosen).toContain('Economists expect inflation to ease as higher rates slow borrowing and spending.');
    const all = [...text.matchAll(/[^.\n]+\./gu)].map((m) => m[0].trim());
    expect(chosen).toEqual(all.filter((s) => chosen.includes(s)));
  });

  it('PageRank gives a symmetric star its highest score at the hub', () => {
    const weights = [
      [0, 1, 1],
      [1, 0, 0],
      [1, 0, 0],
    ];
    const [hub, a, b] = pageRank(weights);
    close(a!, b!);
    expect(hub!).toBeGreaterThan(a!);
    // Scores of an undirected, connected graph sum to the number of nodes.
    close(hub! + a! + b!, 3);
  });
});
