import { describe, expect, it } from 'vitest';
import { askedTime, statesOtherTime, timeMarks } from '@/lib/briefs/asked-time';
import { chooseSources } from '@/lib/briefs/select-sources';
import type { Subject } from '@/lib/briefs/subject';
import { admittedPassage } from '@/tests/helpers/scored-passage';

// A question for a time is not answered by a passage on another year, month or quarter (lib/briefs/asked-time.ts).
// The sentences are made up for the test, not taken from the judged batches.
describe('askedTime', () => {
  it('reads the year, month and quarter a question names', () => {
    expect(askedTime('How much did the ferry line spend on fuel in March 2021?')).toEqual({
      years: [2021],
      months: [3],
      quarters: [],
    });
    expect(askedTime('What did the bakery earn in the third quarter of 2011?')).toEqual({
      years: [2011],
      months: [],
      quarters: [3],
    });
    expect(askedTime('Did exports grow in 2018-19?')?.years).toEqual([2018, 2019]);
  });

  it('reads no time where none is asked', () => {
    expect(askedTime('How fast is the bakery chain growing?')).toBeNull();
    // "since" sets where a comparison starts; "may" and "march" are everyday words unless dated.
    expect(askedTime('By how much have fares risen since 1990?')).toBeNull();
    expect(askedTime('May the ferry line raise fares, and will workers march?')).toBeNull();
  });
});

describe('statesOtherTime', () => {
  const february2021 = askedTime('How much did the ferry line spend on fuel in February 2021?');

  it('tells a passage on another month or year from one on the time asked', () => {
    expect(statesOtherTime(february2021, 'The ferry line spent $2 million on fuel in January.')).toBe(true);
    expect(statesOtherTime(february2021, 'Fuel cost the ferry line $3 million in 2019.')).toBe(true);
    expect(statesOtherTime(february2021, 'In February the ferry line spent $2 million on fuel.')).toBe(false);
  });

  it('leaves a passage that names no time, or only where a comparison starts', () => {
    expect(statesOtherTime(february2021, 'The ferry line spent $2 million on fuel last month.')).toBe(false);
    expect(statesOtherTime(february2021, 'Fuel spending was the highest since 2009.')).toBe(false);
    expect(timeMarks('the best since 2009, up from March 4').years).toEqual([]);
  });
});

describe('chooseSources for a question for the quantity of a time', () => {
  const scored = admittedPassage;
  const question = 'How much did the bakery chain earn in the second quarter of 2019?';
  const subject: Subject = {
    concepts: [],
    asksWhy: false,
    asksFigure: true,
    askedTime: askedTime(question),
    referring: [],
  };
  const candidates = [
    { post: { id: 'a' }, passages: [scored('The bakery chain earned $4 million in the first quarter.')] },
    { post: { id: 'b' }, passages: [scored('Second-quarter earnings at the bakery chain reached $5 million.')] },
  ].map((c) => ({ ...c, mentions: 1, sentences: 5 }));

  it('sells only the post on the quarter asked', () => {
    expect(chooseSources(subject, candidates, 5).map((s) => s.id)).toEqual(['b']);
    expect(chooseSources({ ...subject, askedTime: null }, candidates, 5).map((s) => s.id)).toEqual(['a', 'b']);
    // Asked no quantity ("What drove the bakery chain's earnings in the second quarter?"), a passage may tell its
    // cause beside another month: the time is not held against it.
    expect(chooseSources({ ...subject, asksFigure: false }, candidates, 5).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('refuses when every passage is on another time', () => {
    expect(chooseSources(subject, candidates.slice(0, 1), 5)).toEqual([]);
  });
});
