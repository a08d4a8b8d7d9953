import { describe, expect, it } from 'vitest';
import { extractByRules } from '@/lib/ai/picks/offline';
import { summarizeExtractively } from '@/lib/ai/summaries/offline';

// Issue 47: calls the rules missed by the structure of the text, not by its words. Each case in words of its own.
const calls = (text: string, author = 'Kim Aldana') =>
  extractByRules({ title: 'Note', text, author })
    .map((p) => `${p.author} ${p.ticker} ${p.action} ${p.direction}`)
    .sort();

describe('a list under a first-person lead', () => {
  it('gives its items the lead’s actor: "Company: trimmed" and "Company — added" are the author’s trades', () => {
    const text = `A slow month in markets. Here are the three changes we made in the fund:

- Walmart: trimmed by a quarter into the rally.
- Analog Devices — added on the dip.
- Deere: new position at 2%.

Nothing else moved.`;
    expect(calls(text)).toEqual([
      'Kim Aldana ADI ADD LONG',
      'Kim Aldana DE NEW_POSITION LONG',
      'Kim Aldana WMT REDUCE LONG',
    ]);
  });

  it('gives items without an action of their own the lead’s action and direction', () => {
    const text = `I sold two names for the retirement account this week:

* Nike
* Intel

And we are short the following into the holidays:

* Peloton Interactive
* Wayfair Inc`;
    expect(calls(text)).toEqual([
      'Kim Aldana INTC EXIT LONG',
      'Kim Aldana NKE EXIT LONG',
      'Kim Aldana PTON NEW_POSITION SHORT',
      'Kim Aldana W NEW_POSITION SHORT',
    ]);
  });

  it('reads a heading of the post’s own moves, without a colon, as a lead', () => {
    const text = `The model gained 1% in November.

Portfolio changes

- Chipotle Mexican Grill — new position
- Hershey: sold

Cash is 5%.`;
    expect(calls(text)).toEqual(['Kim Aldana CMG NEW_POSITION LONG', 'Kim Aldana HSY EXIT LONG']);
  });

  it('reads a heading that names the portfolio it changes, not an app’s release notes', () => {
    const moves = `The model portfolio rose 2% in November.

Changes to the model portfolio in November

• Chevron: added
• Pfizer: exited`;
    expect(calls(moves)).toEqual(['Kim Aldana CVX ADD LONG', 'Kim Aldana PFE EXIT LONG']);
    const notes = `Changes to the app in November

• Alerts: exited beta
• Nvidia: added to the list of GPU vendors we test on`;
    expect(calls(notes)).toEqual([]);
  });

  it('reads a status after an item’s company, on lines without list markers', () => {
    const text = `We made two changes to the model portfolio in November:
Eli Lilly: increased to 6%
Chevron: exited`;
    expect(calls(text)).toEqual(['Kim Aldana CVX EXIT LONG', 'Kim Aldana LLY ADD LONG']);
  });

  it('reads a short lead ("This quarter:") in the first person of its paragraph, not of readers’ moves', () => {
    const text = `I run a small account for my son and report it here. This quarter:

1. Hormel Foods — bought the first shares in May.
2. Dollar General: sold out.
3. Zoetis — held.`;
    expect(calls(text)).toEqual([
      'Kim Aldana DG EXIT LONG',
      'Kim Aldana HRL NEW_POSITION LONG',
      'Kim Aldana ZTS HOLD LONG',
    ]);
    const readers = `Every month I ask readers what they traded. The most common moves:

1. Hormel Foods — bought
2. Zoetis: sold`;
    expect(calls(readers)).toEqual([]);
  });

  it('reads no trade from an item whose verb buys a thing of its own', () => {
    const text = `I have been shopping a lot. This month:

1. Apple — bought a new iPhone for my daughter.
2. Garmin — bought a watch.
3. Nike — bought a starter position.`;
    expect(calls(text)).toEqual(['Kim Aldana NKE NEW_POSITION LONG']);
  });

  it('reads a table’s action cell with a quantity, and a verb after a note’s label', () => {
    const table = `We rebalanced on Friday.

Company         Ticker   Action      Weight
Ford Motor      F        Sold all    0%
Kraft Heinz     KHC      Sold half   2%`;
    expect(calls(table)).toEqual(['Kim Aldana F EXIT LONG', 'Kim Aldana KHC REDUCE LONG']);
    const alerts = `New: bought $ORCL June $200 calls at $8.

New: bought $DIS May $90 puts at $2.

New: Apple unveils a foldable phone.`;
    expect(calls(alerts)).toEqual(['Kim Aldana DIS NEW_POSITION SHORT', 'Kim Aldana ORCL NEW_POSITION LONG']);
  });

  it('reads "we recommend buying" as a recommendation, not a purchase', () => {
    expect(calls('Clorox (CLX) has rebuilt its shelf space. We recommend buying the shares.')).toEqual([
      'Kim Aldana CLX RECOMMENDATION LONG',
    ]);
  });

  it('leads nothing when the lead is someone else’s moves', () => {
    const text = `The big funds made three changes last quarter, according to their filings:

- Microsoft: trimmed by most of them
- Boeing: added by two of the five

We hold neither.`;
    expect(calls(text)).toEqual([]);
  });
});

describe('a company named by name, then referred to', () => {
  it('reads "the shares" in a later paragraph as the company the passage is about', () => {
    const text = `Caterpillar reported on Thursday. Dealer stocks fell again and pricing held.

Mining orders lag copper by about a year, and copper has been firm since the spring.

We think the shares are a buy at this price.`;
    expect(calls(text)).toEqual(['Kim Aldana CAT RECOMMENDATION LONG']);
  });

  it('reads "I am still adding" as an add to the position the sentence is about', () => {
    expect(
      calls('NextEra Energy (NEE) is a fine utility. The stock fell 12%. I bought it then, and I am still adding.'),
    ).toEqual(['Kim Aldana NEE ADD LONG']);
    expect(calls('Apple (AAPL) is cheap, and the stock shows it. We are adding features to our app.')).toEqual([]);
  });

  it('reads "it" after "The stock …" as that company, and not "the company" acting on its own stock', () => {
    const text = `NextEra Energy is the utility I would keep through a rate cycle.

Its contracted renewables fund the growth and the Florida business funds the dividend.

The stock fell 12% in September, when the company bought back stock. I bought it then.`;
    expect(calls(text)).toEqual(['Kim Aldana NEE NEW_POSITION LONG']);
  });
});

describe('the company a post is about', () => {
  it('keeps "it" on the post’s company when a paragraph names a rival’s product in passing', () => {
    const text = `Equinix had a soft quarter, with fewer new cabinets leased in Europe.

Digital Realty's new campus in Frankfurt will take some of that demand on price. But interconnection is the moat, and the company runs most of it.

We have owned the stock for years. We are keeping it, and we added to it on Monday.`;
    expect(calls(text)).toEqual(['Kim Aldana EQIX ADD LONG']);
  });

  it('does not give "the position" to a company named in the next paragraph', () => {
    const text = `Home Depot's quarter disappointed and the stock fell 6%. The pro business held up.

We added to the position on Friday.

Lowe's reports next week. We have no position there.`;
    expect(calls(text)).toEqual(['Kim Aldana HD ADD LONG']);
  });

  it('reads "it is a buy" two paragraphs on, after a sentence about the stock, as the post’s company', () => {
    const text = `General Dynamics reported a messy quarter and the shares fell 7%.

Submarine budgets are rising and the order book is full for a decade.

On our numbers the stock trades at 16 times earnings. We think it is a buy here.`;
    expect(calls(text)).toEqual(['Kim Aldana GD RECOMMENDATION LONG']);
  });

  it('lets a company named by one distinctive word, as a sentence’s subject, be what "the stock" refers to', () => {
    const text = `Steel Dynamics cut its outlook and every steel name fell with it. Nucor fell 6% though it sells little to the same buyers.

Its mills run on scrap and its balance sheet is clean. We bought the stock on Thursday.`;
    expect(calls(text)).toEqual(['Kim Aldana NUE NEW_POSITION LONG']);
  });

  it('reads no call from a product bought, after a distinctive name as a subject', () => {
    expect(calls('Hershey raised chocolate prices again. I bought it anyway, a bag of the dark kind.')).toEqual([]);
  });
});

describe('negated ownership and other people’s ratings', () => {
  it('is no call: "I own no X shares", "we hold no position in X"', () => {
    const text = `I own no Tesla shares, and we hold no position in Lucid Group either.

We do own General Motors, and we added to it last week at five times earnings.`;
    expect(calls(text)).toEqual(['Kim Aldana GM ADD LONG']);
  });

  it('is no call when a named firm moves its rating', () => {
    expect(calls('Bank of America moved its rating on Waste Management (WM) to neutral on Monday.')).toEqual([]);
  });
});

describe('a transcript read turn by turn', () => {
  const text = `Ana Ruiz: Welcome back. Each of us made a move this week.

Raj Patel: I added to Lyft on Monday, the margins keep improving.

Ana Ruiz: I went the other way on cars. I'm short Ford into the strike.

Tom Becker: I sold the last of my Disney. The parks are slowing.

Ana Ruiz: My brother bought Uber, but that's his business. My uncle is short Tesla. That's the show.`;

  it('makes each speaker the actor of their own first person', () => {
    expect(calls(text, 'The Show')).toEqual([
      'Ana Ruiz F NEW_POSITION SHORT',
      'Raj Patel LYFT ADD LONG',
      'Tom Becker DIS EXIT LONG',
    ]);
  });
});

describe('transcript labels', () => {
  it('reads bracketed roles as speakers, and a modal buy after a one-word answer as the guest’s recommendation', () => {
    const text = `[Host] My guest runs a devices fund. What would you buy today?

[Guest] Stryker. I would buy it here.

[Guest] We sold our entire position in Baxter International last month.

[Host] I added to Boston Scientific this week.

[Music]`;
    expect(calls(text, 'Device Talk')).toEqual([
      'Guest BAX EXIT LONG',
      'Guest SYK RECOMMENDATION LONG',
      'Host BSX ADD LONG',
    ]);
  });

  it('reads no call from a reader’s question whether the author would buy', () => {
    expect(calls('A reader asked whether I would buy Kraft Heinz (KHC) at a 6% yield. Not yet.')).toEqual([]);
    // A conditional lead ends at its colon: what follows is the call.
    expect(calls('If we had to own one name: this week we bought Bank of America ($BAC) for the model.')).toEqual([
      'Kim Aldana BAC NEW_POSITION LONG',
    ]);
  });

  it('reads a first name labelling one turn as a speaker when the others address them', () => {
    const text = `Nadia: One trade each. Omar, go.

Omar: I own Moderna and I added to it in November.

Nadia: Pia?

Pia: I'm short Moderna through the March puts.

Nadia: Thanks, both.`;
    expect(calls(text, 'Four Chairs')).toEqual(['Omar MRNA ADD LONG', 'Pia MRNA NEW_POSITION SHORT']);
  });
});

describe('a company named by one distinctive word of its name', () => {
  const episode = `Lea Voss: Two moves from me this week. I'm short Rivian into the delivery numbers.

Sam Ortiz: And I trimmed my Honeywell after the breakup news.

Lea Voss: Rivian owners love the trucks, to be fair. That's the show.`;

  it('is called where a speaker states a call on it, and the summary names it under Tickers mentioned', () => {
    expect(calls(episode, 'The Show')).toEqual(['Lea Voss RIVN NEW_POSITION SHORT', 'Sam Ortiz HON REDUCE LONG']);
    const summary = summarizeExtractively({ title: 'Episode 9', text: episode, author: 'The Show' }).text;
    expect(summary).toMatch(/^Tickers mentioned: .*\bRIVN\b/mu);
    expect(summary).toMatch(/^Tickers mentioned: .*\bHON\b/mu);
  });

  it('reads a one-word name that is an ordinary word as the company only in a list item stating an action', () => {
    const moves = `We made three changes in November:

- Target: sold the rest
- Block — new position, 1% to start
- Ferrari: added on the dip`;
    expect(calls(moves)).toEqual([
      'Kim Aldana RACE ADD LONG',
      'Kim Aldana TGT EXIT LONG',
      'Kim Aldana XYZ NEW_POSITION LONG',
    ]);
    const reading = `Things I am reading this weekend:

- Target: a history of the discount store
- Block: notes on city planning`;
    expect(calls(reading)).toEqual([]);
  });

  it('reads a one-word name written with its legal form, and no other company for "our position in" it', () => {
    const text = `Amazon (AMZN) keeps growing. We sold our whole position in Sea Limited in November.

We also sold our stake in Zylotech Robotics.`;
    expect(calls(text)).toEqual(['Kim Aldana SE EXIT LONG']);
  });

  it('names no company without a call on it', () => {
    const text = 'Rivian owners love the trucks. Honeywell thermostats are everywhere in our building.';
    expect(calls(text)).toEqual([]);
    expect(summarizeExtractively({ title: 'Notes', text, author: 'Kim Aldana' }).text).toMatch(
      /^Tickers mentioned: none$/mu,
    );
  });
});

describe('a pair trade', () => {
  it('is two calls in opposite directions', () => {
    expect(calls('This month we put on a pair: long Visa, short Mastercard against it, in equal size.')).toEqual([
      'Kim Aldana MA NEW_POSITION SHORT',
      'Kim Aldana V NEW_POSITION LONG',
    ]);
    expect(calls('Rails over trucks: we are long Union Pacific and short Old Dominion Freight Line.')).toEqual([
      'Kim Aldana ODFL NEW_POSITION SHORT',
      'Kim Aldana UNP NEW_POSITION LONG',
    ]);
  });

  it('holds a long against a company: that company is the short leg', () => {
    expect(calls('Trade log, Thursday.\n\nLong Home Depot against Lowe’s, in equal dollars.')).toEqual([
      'Kim Aldana HD NEW_POSITION LONG',
      'Kim Aldana LOW NEW_POSITION SHORT',
    ]);
  });

  it('has no short leg in "against it"', () => {
    const text = `Dana Reyes: What is on your sheet?

Marcus Webb: I bought Palantir last week.

Dana Reyes: I shorted Palantir on Friday and I'm long Snowflake against it.`;
    expect(calls(text, 'The Show')).toEqual([
      'Dana Reyes PLTR NEW_POSITION SHORT',
      'Dana Reyes SNOW NEW_POSITION LONG',
      'Marcus Webb PLTR NEW_POSITION LONG',
    ]);
  });

  it('is nobody’s call when others hold it', () => {
    expect(
      calls('The most crowded pair among macro funds is long Visa, short Mastercard. We have no position in either.'),
    ).toEqual([]);
  });
});
