import { describe, expect, it } from 'vitest';
import { asksFigure, asksMoney, statesFigure, statesMoney } from '@/lib/briefs/asked-figure';
import { chooseSources } from '@/lib/briefs/select-sources';
import type { Subject } from '@/lib/briefs/subject';
import { admittedPassage } from '@/tests/helpers/scored-passage';

// A question for a quantity is answered only by a passage that states one (lib/briefs/asked-figure.ts). The sentences
// here are made up for the test, not taken from the judged batches.
describe('asksFigure', () => {
  it('reads questions for a quantity', () => {
    for (const question of [
      'How much did Acme Foods pay for the bakery chain?',
      'How many branches is Northwind Bank closing?',
      'What price did the buyer agree to for the stadium?',
      "What is Globex's price target for the airline?",
      'What interest rate is the credit union offering on car loans?',
      'What would the spin-off be worth at the top of its range?',
      'What does the ferry operator charge for a season pass?',
      'What is the new bridge expected to cost?',
      'How fast is the cloud unit growing its revenue?',
    ]) {
      expect(asksFigure(question), question).toBe(true);
    }
  });

  it('does not read other questions, or a quantity beside another question, as asking only for a figure', () => {
    for (const question of [
      'Why are shipping rates falling?',
      'Is the central bank going to cut rates?',
      'What is happening to copper prices?',
      'Who bought the football club?',
      'What did the regulator say about the merger?',
      // A later clause asks something a passage may answer without a figure.
      'How much debt does the chain carry, and can it refinance?',
      'How far have grain prices fallen, and why?',
    ]) {
      expect(asksFigure(question), question).toBe(false);
    }
  });
});

describe('statesFigure', () => {
  it('finds a figure in digits or in words', () => {
    expect(statesFigure('The chain paid $40 million for the bakeries.')).toBe(true);
    expect(statesFigure('Fares rose 7% this spring.')).toBe(true);
    expect(statesFigure('It will close three hundred branches.')).toBe(true);
    expect(statesFigure('Its revenue doubled last year.')).toBe(true);
  });

  it('finds none in a sentence that only says there is a quantity', () => {
    expect(statesFigure('The ferry operator will charge more for season passes.')).toBe(false);
    // "One of" states no quantity.
    expect(statesFigure('It is one of the largest deals of the year.')).toBe(false);
  });

  it('reads a year, a date or a number in a name as no quantity', () => {
    expect(statesFigure('The bakery chain reported on its wages in 2019.')).toBe(false);
    expect(statesFigure('In the 2018-19 season the ferry ran late.')).toBe(false);
    expect(statesFigure('Results are due on March 4th, at 10:30.')).toBe(false);
    expect(statesFigure('The operator is building out its 5G network and a Q3 launch.')).toBe(false);
    // Beside a year, the figure still counts.
    expect(statesFigure('In 2019 the chain paid 40 euros an hour.')).toBe(true);
    expect(statesFigure('It recalled 100K scooters.')).toBe(true);
  });
});

describe('chooseSources for a question asking for a figure', () => {
  const scored = admittedPassage;
  const subject = (figure: boolean): Subject => ({ concepts: [], asksWhy: false, asksFigure: figure, referring: [] });
  const candidates = [
    {
      post: { id: 'a' },
      passages: [scored('The ferry operator will charge more for season passes.')],
      mentions: 1,
      sentences: 5,
    },
    { post: { id: 'b' }, passages: [scored('A season pass will cost 450 euros from May.')], mentions: 1, sentences: 5 },
  ];

  it('sells only the post that states the figure', () => {
    expect(chooseSources(subject(true), candidates, 5).map((s) => s.id)).toEqual(['b']);
    // Asked something else, both passages stand.
    expect(chooseSources(subject(false), candidates, 5).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('refuses when no passage states a figure', () => {
    expect(chooseSources(subject(true), candidates.slice(0, 1), 5)).toEqual([]);
  });
});

// Of the questions for a quantity, the ones for a sum of money are answered only by a sum (made-up sentences too).
describe('asksMoney and statesMoney', () => {
  it('reads questions for a sum of money, not for a change or a count', () => {
    expect(asksMoney('How much did the ferry line pay for its stake in the harbour?')).toBe(true);
    expect(asksMoney('What is the new bridge estimated to cost?')).toBe(true);
    expect(asksMoney('What is the market price of saffron?')).toBe(true);
    expect(asksMoney('How much has the price of saffron risen?')).toBe(false);
    expect(asksMoney('How many ferries does the line run?')).toBe(false);
    expect(asksMoney('Did the ferry line pay for the harbour?')).toBe(false);
  });

  it('finds a sum with its currency, in any of its writings', () => {
    expect(statesMoney('The line paid $4.4m for the stake.')).toBe(true);
    expect(statesMoney('Das Kursziel wurde auf 41 USD gesenkt.')).toBe(true);
    expect(statesMoney('Bron kostar 13 miljarder kronor.')).toBe(true);
    expect(statesMoney('It raised 2.5 million euros.')).toBe(true);
    expect(statesMoney('The line bought a 10% stake in the harbour.')).toBe(false);
    expect(statesMoney('It will cost billions in taxpayer dollars.')).toBe(false);
  });

  const scored = admittedPassage;
  const candidates = [
    { post: { id: 'a' }, passages: [scored('The ferry line bought a 10% stake in the harbour.')] },
    { post: { id: 'b' }, passages: [scored('The ferry line paid 40 million euros for the harbour stake.')] },
  ].map((c) => ({ ...c, mentions: 1, sentences: 5 }));

  it('sells, asked what was paid, only the post that states a sum', () => {
    const subject: Subject = { concepts: [], asksWhy: false, asksFigure: true, asksMoney: true, referring: [] };
    expect(chooseSources(subject, candidates, 5).map((s) => s.id)).toEqual(['b']);
    expect(chooseSources(subject, candidates.slice(0, 1), 5)).toEqual([]);
    expect(chooseSources({ ...subject, asksMoney: false }, candidates, 5).map((s) => s.id)).toEqual(['a', 'b']);
  });
});
