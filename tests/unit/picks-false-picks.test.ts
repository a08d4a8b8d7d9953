import { describe, expect, it } from 'vitest';
import { extractByRules } from '@/lib/ai/picks/offline';

// Issue 47, third round: the kinds of false picks batch 8 showed, each beside a call that must stay one.
const calls = (text: string) =>
  extractByRules({ title: 'Note', text, author: 'Ines Halloran' })
    .map((p) => `${p.ticker} ${p.action} ${p.direction}`)
    .sort();

describe('what is not a call', () => {
  it('is a trade under a condition on a price that has not happened; a condition on the reader keeps the call', () => {
    expect(calls('I studied Dollar Tree (DLTR) this month. If it slid to $55 I would buy the shares.')).toEqual([]);
    expect(calls('Should Hormel (HRL) fall under $25, we will add to the position.')).toEqual([]);
    expect(calls('I would buy Kroger (KR) if it came back to $50.')).toEqual([]);
    expect(calls('If you are not in Kroger (KR) yet, I would buy it here.')).toEqual(['KR RECOMMENDATION LONG']);
  });

  it('is a position’s history dated by its year; a position held since a year and today’s trade stay calls', () => {
    expect(calls('We bought Nvidia (NVDA) in 2016 and sold it two years later.')).toEqual([]);
    expect(calls('In June 2020 I recommended Etsy (ETSY); I sold it in 2022.')).toEqual([]);
    expect(calls('We remain short Carvana (CVNA), whose bonds due in 2028 still look stretched.')).toEqual([
      'CVNA HOLD SHORT',
    ]);
    expect(calls('We added to Visa (V) on Tuesday.')).toEqual(['V ADD LONG']);
  });

  it('is a rating move told with someone else as its subject; the author’s own stays', () => {
    expect(calls('A Canadian bank upgraded Lululemon (LULU) to outperform.')).toEqual([]);
    expect(calls('Another house cut Best Buy (BBY) to underweight on margins.')).toEqual([]);
    expect(calls('Upgraded Lululemon (LULU) to buy this morning.')).toEqual(['LULU RECOMMENDATION LONG']);
    expect(calls('We upgraded Best Buy (BBY) to buy.')).toEqual(['BBY RECOMMENDATION LONG']);
  });

  it('is a first person in quotation marks, over two sentences too', () => {
    expect(calls('A reader asks: "I sold my Coca-Cola (KO) last year. Was that a mistake?"')).toEqual([]);
    expect(calls('Q: "We hold the whole thing in cash. I bought Pepsi (PEP) in May." — Alan')).toEqual([]);
    expect(calls('A reader asks about Coca-Cola. We bought Coca-Cola (KO) on Monday.')).toEqual([
      'KO NEW_POSITION LONG',
    ]);
  });

  it('is a product bought from a maker written with its ticker; a position in it stays a call', () => {
    expect(calls('I bought a Traeger (COOK) grill for the patio.')).toEqual([]);
    expect(calls('We bought a Traeger (COOK) position this week.')).toEqual(['COOK NEW_POSITION LONG']);
  });
});

describe('which company, and which way', () => {
  it('gives "the position" to the company called just before, not to the paragraph before’s subject', () => {
    const text = `Intel (INTC) keeps losing share. We own none.

The chip maker we do own, Broadcom (AVGO), keeps winning custom work. We added to the position on Friday.`;
    expect(calls(text)).toEqual(['AVGO ADD LONG']);
  });

  it('reads "buy to cover" as closing a short, and a sized short leg as the pair’s', () => {
    expect(calls('Action: BUY TO COVER $SNAP, full position')).toEqual(['SNAP EXIT SHORT']);
    expect(calls('We went long Lowe’s (LOW) and short an equal dollar amount of Home Depot (HD).')).toEqual([
      'HD NEW_POSITION SHORT',
      'LOW NEW_POSITION LONG',
    ]);
  });
});

describe('batch 8’s kinds of misses', () => {
  it('reads a one-word name the post tied to its ticker as the company when written again alone', () => {
    expect(calls('Carnival (CCL) filled its ships this summer.\n\nWe bought Carnival on Tuesday.')).toEqual([
      'CCL NEW_POSITION LONG',
    ]);
    expect(calls('I am writing from Venice.\n\nWe bought Carnival masks for the children.')).toEqual([]);
  });

  it('gives a list led by what changed in the post’s own portfolio its items’ actions, not a named fund’s', () => {
    const own = 'Two things changed in the portfolio this week:\n\n1. Paychex (PAYX): opened a starter position.';
    expect(calls(own)).toEqual(['PAYX NEW_POSITION LONG']);
    const theirs =
      'Changes in the Pershing Square portfolio, from its filing:\n\n1. Hilton (HLT): trimmed by a quarter.';
    expect(calls(theirs)).toEqual([]);
    expect(calls('Eli Lilly (LLY): opened a new plant in Ohio.')).toEqual([]);
  });

  it('reads an options order by its own words', () => {
    expect(calls('CLOSE: Sell to close our KRE June $50 puts at $4.20.')).toEqual(['KRE EXIT SHORT']);
    expect(calls('OPEN: Sell to open Costco (COST) March $850 puts at $21.')).toEqual(['COST NEW_POSITION LONG']);
  });

  it('does not give the author a pair that funds the author speaks with run', () => {
    const text =
      'Marriott (MAR) and Hilton (HLT) both reported.\n\nSome funds we speak with are long Hilton and short Marriott.';
    expect(calls(text)).toEqual([]);
  });

  it('reads an option’s underlying named by one ordinary word, and a host introduced as "I’m Ben" as Ben', () => {
    expect(calls('I bought a put spread on Target, the February $120/$100 puts.')).toEqual(['TGT NEW_POSITION SHORT']);
    expect(calls('Analysts’ calls on Walmart were mostly right this year.')).toEqual([]);
    const episode = `Ben: Welcome. I'm Ben, and Kate is here.

Kate: I bought a call spread on Apple, the January $250/$280 calls.

Ben: I sold Nvidia (NVDA) on Monday.`;
    const authors = extractByRules({ title: 'Ep. 2', text: episode, author: 'Show' }).map(
      (p) => `${p.author} ${p.ticker}`,
    );
    expect(authors.sort()).toEqual(['Ben NVDA', 'Kate AAPL']);
  });
});
