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
      { key: 'the#', capital: true, upper: false, proper: false },
      { key: 'us', capital: true, upper: true, proper: true },
      { key: 'china', capital: true, upper: false, proper: true },
      { key: 'trad', capital: false, upper: false, proper: false },
      { key: 'war', capital: false, upper: false, proper: false },
      { key: 'and#', capital: false, upper: false, proper: false },
      { key: 'the#', capital: false, upper: false, proper: false },
      { key: 'aca', capital: true, upper: true, proper: true },
      { key: 'repeal', capital: false, upper: false, proper: false },
    ]);
  });

  it('gives function words keys of their own, so that "not" never matches "notes"', () => {
    const [not] = keyedWords('not');
    const [notes] = keyedWords('notes');
    expect(wordKey('notes')).toBe('not');
    expect(not!.key).not.toBe(notes!.key);
    // "US" in capitals is the country, not the pronoun.
    expect(keyedWords('the US economy')[1]!.key).toBe('us');
    expect(keyedWords('spot bitcoin ETFs')[2]).toMatchObject({ key: 'etf', upper: true });
  });

  it('reads a capital inside a sentence as a name, not one that opens a sentence or a headline', () => {
    const proper = (text: string) =>
      keyedWords(text)
        .filter((w) => w.proper)
        .map((w) => w.key);
    expect(proper('He deployed Ruby on Rails. Gems are rare.')).toEqual(['ruby', 'rail']);
    expect(proper('“Shell cut its dividend,” she said: Oil fell.')).toEqual([]);
    expect(proper('Dollar Stores Vs Lettuce In The Heartland')).toEqual([]);
  });
});
