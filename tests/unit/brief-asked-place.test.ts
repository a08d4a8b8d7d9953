import { describe, expect, it } from 'vitest';
import { askedPlaces, placesNamed, statesOtherPlace } from '@/lib/briefs/asked-place';
import { chooseSources } from '@/lib/briefs/select-sources';
import type { Subject } from '@/lib/briefs/subject';
import { admittedPassage } from '@/tests/helpers/scored-passage';

// A question on one country is not answered by a passage on another (lib/briefs/asked-place.ts). The sentences are
// made up for the test, not taken from the judged batches.
describe('askedPlaces', () => {
  it('reads the countries a question names, in any of their names', () => {
    expect(askedPlaces('Are Norwegian ferry fares rising?')).toEqual(placesNamed('Norway'));
    expect(askedPlaces('Has South Korea raised its rail fares?')).toEqual(placesNamed('Seoul'));
    expect(askedPlaces('How fast are bakeries growing?')).toBeNull();
  });

  it('reads a region as no single country', () => {
    expect(askedPlaces('Are ferry fares rising in Europe?')).toBeNull();
  });
});

describe('statesOtherPlace', () => {
  const norway = askedPlaces('Are ferry fares rising in Norway?');

  it('tells a passage on another country from one on the country asked', () => {
    expect(statesOtherPlace(norway, 'Ferry fares in Sweden rose 5% this spring.')).toBe(true);
    expect(statesOtherPlace(norway, 'Swedish and Norwegian ferry fares rose 5% this spring.')).toBe(false);
    expect(statesOtherPlace(norway, 'Ferry fares rose 5% this spring.')).toBe(false);
    // A region holds the country asked.
    expect(statesOtherPlace(norway, 'Ferry fares across Europe rose 5% this spring.')).toBe(false);
  });
});

describe('chooseSources for a question naming a country', () => {
  const scored = admittedPassage;
  const subject: Subject = {
    concepts: [],
    asksWhy: false,
    asksFigure: false,
    askedPlaces: askedPlaces('Are ferry fares rising in Norway?'),
    referring: [],
  };
  const candidates = [
    { post: { id: 'a' }, passages: [scored('Ferry fares in Sweden rose 5% this spring.')] },
    { post: { id: 'b' }, passages: [scored('Norwegian ferry fares rose 3% this spring.')] },
  ].map((c) => ({ ...c, mentions: 1, sentences: 5 }));

  it('sells only the post on the country asked', () => {
    expect(chooseSources(subject, candidates, 5).map((s) => s.id)).toEqual(['b']);
    expect(chooseSources({ ...subject, askedPlaces: null }, candidates, 5).map((s) => s.id)).toEqual(['a', 'b']);
  });
});
