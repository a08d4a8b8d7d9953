import { describe, expect, it } from 'vitest';
import { keyedWords, wordKey } from '@/lib/briefs/word-keys';

// The claim test matches a question's words in a sentence as the words they are, in any inflection, and never as
// another word that shares their stem (search's stemmer makes "natural" and "nature" one lexeme).
describe('wordKey', () => {
  it('reads inflections of one word as that word', () => {
    const same: Array<[string, string]> = [
      ['rates', 'rate'],
      ['devalued', 'devalue'],
      ['devaluing', 'devalue'],
      ['cutting', 'cut'],
      ['economies', 'economy'],
      ["Germany's", 'Germany'],
      ['critics', 'critic'],
      ['taxes', 'tax'],
      ['stopped', 'stop'],
    ];
    for (const [a, b] of same) expect(wordKey(a), `${a} / ${b}`).toBe(wordKey(b));
  });

  it('keeps apart words that only share a stem or a spelling', () => {
    const apart: Array<[string, string]> = [
      ['natural', 'nature'],
      ['news', 'new'],
      ['economics', 'economic'],
      ['gas', 'ga'],
      ['devaluation', 'devalue'],
    ];
    for (const [a, b] of apart) expect(wordKey(a), `${a} / ${b}`).not.toBe(wordKey(b));
  });
});

describe('keyedWords', () => {
  it('splits hyphens, reads dotted acronyms as written and marks capitals', () => {
    expect(keyedWords("The U.S.-China trade war and the ACA's repeal")).toEqual([
      { key: 'the', capital: true, upper: false },
      { key: 'us', capital: true, upper: true },
      { key: 'china', capital: true, upper: false },
      { key: 'trad', capital: false, upper: false },
      { key: 'war', capital: false, upper: false },
      { key: 'and', capital: false, upper: false },
      { key: 'the', capital: false, upper: false },
      { key: 'aca', capital: true, upper: true },
      { key: 'repeal', capital: false, upper: false },
    ]);
  });
});
