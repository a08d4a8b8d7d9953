import { describe, expect, it } from 'vitest';
import { extractByRules } from '@/lib/ai/picks/offline';
import { boilerplateSpans } from '@/lib/ai/text/boilerplate';
import { splitSentences } from '@/lib/ai/text/sentences';

// Issue 47, sixth round: structures the rules missed in batches 9 to 11, each in words of its own, with traps. Every
// case fails on the fifth round's code (rules-v10); the traps pass on both.
const calls = (text: string, author = 'Ines Hald') =>
  extractByRules({ title: 'Note', text, author })
    .map((p) => `${p.author} ${p.ticker} ${p.action} ${p.direction}`)
    .sort();

describe('a list led by a clause that ends in "follow:"', () => {
  it('is the author’s list when the following is done by the first person', () => {
    const text = `Semiconductors had a quiet month. Below are the companies I follow:

1. Lam Research (LRCX): I sold the whole position at $81.
2. KLA Corporation (KLAC): reports next week.
3. Teradyne (TER): I bought a small position on Tuesday.`;
    expect(calls(text)).toEqual(['Ines Hald LRCX EXIT LONG', 'Ines Hald TER NEW_POSITION LONG']);
  });

  it('keeps a "Follow us:" list of channels boilerplate', () => {
    const text = `Thanks for listening.

Follow us:
- Twitter
- Instagram`;
    const spans = boilerplateSpans(text);
    expect(spans.some(([a, b]) => text.slice(a, b) === 'Twitter')).toBe(true);
  });
});

describe('a list after a first-person paragraph that announces the moves without a colon', () => {
  const items = `- iShares MSCI Emerging Markets ETF (EEM): new position at 4%.
- SPDR Gold Shares (GLD): unchanged at 10%.
- Vanguard Real Estate ETF (VNQ): sold the entire position.`;

  it('gives the items their actor, with statuses that may state a weight', () => {
    expect(calls(`Our quarterly rebalance was done on Monday.\n\n${items}`)).toEqual([
      'Ines Hald EEM NEW_POSITION LONG',
      'Ines Hald GLD HOLD LONG',
      'Ines Hald VNQ EXIT LONG',
    ]);
  });

  it('gives them none after a paragraph about someone else', () => {
    const others = `- iShares MSCI Emerging Markets ETF (EEM): new position at 4%.
- Vanguard Real Estate ETF (VNQ): sold the entire position.`;
    expect(calls(`The index provider published its rebalance on Monday.\n\n${others}`)).toEqual([]);
  });
});

describe('a later cue of the clause that traded a company', () => {
  it('acts on that company, not on the one the paragraph before was about', () => {
    const text = `Palo Alto Networks (PANW) is still our largest holding, and we have not touched it.

We sold some Fortinet (FTNT) in October after the shares ran, reducing the position to 2%.`;
    expect(calls(text)).toEqual(['Ines Hald FTNT REDUCE LONG', 'Ines Hald PANW HOLD LONG']);
  });
});

describe('transcripts: who speaks', () => {
  it('reads a role label with the person and the firm in parentheses as the person', () => {
    const text = `Host (Mara Quist): Welcome. Tell us about the quarter.

Guest (Tomas Berg, Nordvik Asset Management): We added to Deere & Company (DE) in October.

Host (Mara Quist): Anything you sold?

Guest (Tomas Berg, Nordvik Asset Management): We sold Caterpillar (CAT) after the rally.`;
    expect(calls(text)).toEqual(['Tomas Berg CAT EXIT LONG', 'Tomas Berg DE ADD LONG']);
  });

  it('gives the answers of a Q/A interview to the guest the post introduces', () => {
    const text = `This week we spoke with Paula Reyes, who runs a small-cap fund.

Q: What did you buy this quarter?

A: We bought Pool Corporation (POOL) in September.

Q: And the homebuilders?

A: We trimmed Toll Brothers (TOL) last month.`;
    expect(calls(text)).toEqual(['Paula Reyes POOL NEW_POSITION LONG', 'Paula Reyes TOL REDUCE LONG']);
  });

  it('leaves a Q/A without one introduced guest to the post’s author, and questions unattributed', () => {
    const text = `Q: What did you buy this quarter?

A: We bought Pool Corporation (POOL) in September.

Q: And the homebuilders?

A: We trimmed Toll Brothers (TOL) last month.`;
    expect(calls(text)).toEqual(['Ines Hald POOL NEW_POSITION LONG', 'Ines Hald TOL REDUCE LONG']);
    expect(splitSentences(text).every((s) => s.speaker === null)).toBe(true);
  });
});

describe('pair trades', () => {
  it('reads legs that say where they are listed', () => {
    const text = `We opened a pair on Tuesday: long Unilever (ULVR.L) in London and short Danone (BN.PA) in Paris.`;
    expect(calls(text)).toEqual(['Ines Hald BN.PA NEW_POSITION SHORT', 'Ines Hald ULVR.L NEW_POSITION LONG']);
  });

  it('reads "against a short in" a brand written with an inner capital as the short leg', () => {
    const text = `Our new trade is long Lufthansa (LHA.DE) against a short in easyJet (EZJ.L), sized to be flat on fuel.`;
    expect(calls(text)).toEqual(['Ines Hald EZJ.L NEW_POSITION SHORT', 'Ines Hald LHA.DE NEW_POSITION LONG']);
  });
});

describe('a company named by name, then referred to as the position', () => {
  it('was traded as a security when the passage after the trade speaks of the position', () => {
    const text = `Every hospital that buys a Masimo monitor signs up for years of sensors.

We bought Masimo Corporation last week.

We will build the position over the next quarter.`;
    expect(calls(text)).toEqual(['Ines Hald MASI NEW_POSITION LONG']);
  });

  it('is not traded when the passage only speaks of a position of something else', () => {
    const text = `I bought the Logitech keyboard last week.

The position of the arrow keys takes getting used to.`;
    expect(calls(text)).toEqual([]);
  });
});

describe('conditions that are no hypothetical trade', () => {
  it('reads "If I want X, I own Y" as a hold', () => {
    expect(calls('If I want exposure to railroads, I own Union Pacific (UNP) and nothing else.')).toEqual([
      'Ines Hald UNP HOLD LONG',
    ]);
  });

  it('reads the imperative after the reader’s condition as a recommendation', () => {
    expect(calls('If you want one bank for the next decade, buy JPMorgan Chase (JPM).')).toEqual([
      'Ines Hald JPM RECOMMENDATION LONG',
    ]);
  });

  it('still reads a price that has not happened as a condition', () => {
    expect(calls('If it falls to $250, I will buy Union Pacific (UNP).')).toEqual([]);
  });
});

describe('a research note’s own rating changes as labels', () => {
  it('reads "Upgrade:" and "Downgrade:" with the new rating', () => {
    const text = `Two rating changes this week.

Upgrade: Nike Inc. (NKE) to Buy from Hold.

Downgrade: Peloton Interactive (PTON) to Sell from Hold.`;
    expect(calls(text)).toEqual(['Ines Hald NKE RECOMMENDATION LONG', 'Ines Hald PTON RECOMMENDATION SHORT']);
  });

  it('keeps a broker’s upgrade someone else’s', () => {
    expect(calls('Needham upgraded Nike Inc. (NKE) to Buy from Hold.')).toEqual([]);
  });
});

describe('held, kept and closed positions in other words', () => {
  it('reads "stays in the book", "our cash stays in" and "we are keeping X"', () => {
    const text = `Costco Wholesale (COST) stays in the book at 4%.

Our cash stays in the SPDR Bloomberg 1-3 Month T-Bill ETF (BIL).

We are keeping Chevron (CVX).`;
    expect(calls(text)).toEqual(['Ines Hald BIL HOLD LONG', 'Ines Hald COST HOLD LONG', 'Ines Hald CVX HOLD LONG']);
  });

  it('reads "Eliminated X", "cut X by half", "pressed the X short" and "the last of our X shares went"', () => {
    const text = `We made three changes this month:

- Eliminated Conagra Brands (CAG) after the bid
- Cut Hormel Foods (HRL) by half

We pressed the Carvana (CVNA) short on the rally.

The last of our Hershey (HSY) shares went at $190.`;
    expect(calls(text)).toEqual([
      'Ines Hald CAG EXIT LONG',
      'Ines Hald CVNA ADD SHORT',
      'Ines Hald HRL REDUCE LONG',
      'Ines Hald HSY EXIT LONG',
    ]);
  });

  it('reads "eliminated" before no company as nothing', () => {
    expect(calls('Eliminated the dividend, Conagra Brands (CAG) said on Monday.')).toEqual([]);
  });
});

describe('transcripts: what a pronoun refers to across turns', () => {
  it('reads a label behind its timestamp as the turn’s start, not a turn inside a line of its own', () => {
    const text = `[00:02:10] Ana Lee: Welcome back. Nike Inc. (NKE) reported on Thursday. What now?

[00:02:31] Ben Ruiz: I bought it on Friday.

[00:03:02] Ana Lee: Brave.

[00:03:10] Ben Ruiz: We will see.`;
    expect(splitSentences(text).map((s) => s.text)).not.toContain('[00:02:31]');
    expect(calls(text)).toEqual(['Ben Ruiz NKE NEW_POSITION LONG']);
  });

  it('refers to the company the previous turn opened a sentence with, three sentences back', () => {
    const text = `Ana Lee: Chipotle Mexican Grill (CMG) fell 9% this week. Everyone is asking about it. Are you buying?

Ben Ruiz: I bought it on Thursday.

Ana Lee: Brave.

Ben Ruiz: We will see.`;
    expect(calls(text)).toEqual(['Ben Ruiz CMG NEW_POSITION LONG']);
  });

  it('keeps a pronoun on the company its own turn named first', () => {
    const text = `Ana Lee: Chipotle Mexican Grill (CMG) fell 9% this week. Are you buying?

Ben Ruiz: I'm going the other way on Wingstop (WING). I shorted it on Thursday.

Ana Lee: Brave.

Ben Ruiz: We will see.`;
    expect(calls(text)).toEqual(['Ben Ruiz WING NEW_POSITION SHORT']);
  });
});

describe('the author’s largest holdings named after a copula', () => {
  it('reads each company listed as a hold', () => {
    const text = 'Our two largest holdings at the end of the year were Moody’s (MCO) and Copart (CPRT).';
    expect(calls(text)).toEqual(['Ines Hald CPRT HOLD LONG', 'Ines Hald MCO HOLD LONG']);
  });

  it('reads an index’s largest holdings as nobody’s', () => {
    expect(calls('The index’s two largest holdings were Moody’s (MCO) and Copart (CPRT).')).toEqual([]);
  });
});
