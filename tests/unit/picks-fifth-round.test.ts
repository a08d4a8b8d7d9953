import { describe, expect, it } from 'vitest';
import { extractByRules } from '@/lib/ai/picks/offline';
import { splitSentences } from '@/lib/ai/text/sentences';

// Issue 47, fifth round: structures the rules missed in batches 9 and 10, each in words of its own, with traps.
const calls = (text: string, author = 'Noa Frei') =>
  extractByRules({ title: 'Note', text, author })
    .map((p) => `${p.author} ${p.ticker} ${p.action} ${p.direction}`)
    .sort();

describe('transcript labels as show notes and broadcasts write them', () => {
  it('reads bold labels, with or without an aside, as speakers', () => {
    const text = `**Rosa Vance:** Welcome back. I bought Deere & Company (DE) on Monday.

**Omar Lind (Crestline Capital):** I went the other way and sold my Caterpillar (CAT) shares last week.

**Rosa Vance:** Fair enough.

**Omar Lind (Crestline Capital):** We will see.`;
    expect(splitSentences(text).map((s) => s.speaker)).toContain('Omar Lind');
    expect(calls(text)).toEqual(['Omar Lind CAT EXIT LONG', 'Rosa Vance DE NEW_POSITION LONG']);
  });

  it('reads a label with the speaker’s role or firm after a comma', () => {
    const text = `JANE PARK, HOST: My guest runs a small value fund. What did you do this month?

LEO GRANT, BLUE FIR CAPITAL: We trimmed Honeywell (HON) after the spin-off news.

JANE PARK, HOST: Anything new?

LEO GRANT, BLUE FIR CAPITAL: Nothing new.`;
    expect(calls(text)).toEqual(['Leo Grant HON REDUCE LONG']);
  });

  it('reads ">>" before a speaker’s label as a caption’s turn, not a blockquote', () => {
    const text = `>> MIA CHEN: I added to Costco (COST) this week.

>> RAJ DESAI: And I'm short Peloton Interactive (PTON).

>> MIA CHEN: Bold.`;
    expect(calls(text)).toEqual(['Mia Chen COST ADD LONG', 'Raj Desai PTON NEW_POSITION SHORT']);
  });

  it('keeps a quoted line without a speaker’s label someone else’s', () => {
    const text = `A reader wrote in:

>> I bought Costco (COST) after your last issue.

We did not.`;
    expect(calls(text)).toEqual([]);
  });
});
