import type { Company } from '@/lib/demo/companies';
import type { Fundamentals } from '@/lib/demo/market';
import type { Rng } from '@/lib/demo/random';
import { billions, list, monthName, pct, price } from '@/lib/demo/text';
import { SECTOR_LABELS } from '@/lib/reference/sectors';
import type { PostContext } from './context';

/**
 * Sentences and paragraphs that give posts their texture: management quotes, channel checks, the business mix, the
 * data calendar. Separate from the kind templates so every kind can borrow them.
 */

export function managementQuote(r: Rng, c: Company, positive: boolean): string {
  const k = r.pick(c.products);
  const who = r.pick(['the CEO', 'the CFO', 'management', 'the chief executive']);
  return positive
    ? r.pick([
        `"Demand for ${k} remains ahead of our ability to supply it, and we are investing accordingly," ${who} said on the call.`,
        `On the call, ${who} described ${k} as "the strongest part of the portfolio" and said the pipeline for next year is already larger than this year's.`,
        `${capitalizeWho(who)} said customers are "expanding, not experimenting" with ${k}, which is the kind of language we want to hear.`,
      ])
    : r.pick([
        `${capitalizeWho(who)} called the environment for ${k} "choppy" and declined to give a longer-term target.`,
        `On the call, ${who} acknowledged that ${k} "took longer to ramp than we planned" and pushed the margin target out by a year.`,
        `"We are being prudent with the outlook," ${who} said, which the market read, correctly in our view, as a warning about ${k}.`,
      ]);
}

function capitalizeWho(who: string): string {
  return who.charAt(0).toUpperCase() + who.slice(1);
}

export function channelCheck(r: Rng, c: Company): string {
  const k = r.pick(c.products);
  return r.pick([
    `Our channel checks this month, ${r.int(3, 9)} conversations with customers and distributors, point to ${r.pick(['steady', 'improving', 'better-than-feared'])} demand for ${k}.`,
    `Industry contacts tell us pricing for ${k} has held up better than the bears expected, with discounts no deeper than ${pct(r.float(3, 9), 0)}.`,
    `Job postings and web traffic data for ${c.short} are ${r.pick(['up', 'flat', 'slightly up'])} quarter over quarter, consistent with what the company reported.`,
  ]);
}

/** How the company makes money, in its own vocabulary. */
export function businessParagraph(r: Rng, c: Company, f: Fundamentals): string {
  const [a, b, d] = r.sample(c.products, 3);
  const share = r.int(35, 70);
  return r.pick([
    () =>
      `Start with the business. ${c.name} earns most of its profit from ${a}, roughly ${share}% of revenue by our estimate, with ${b}${d ? ` and ${d}` : ''} making up most of the rest. The mix matters because that line carries the higher margin, so every point of mix shift moves consolidated ${c.sector === 'banks' ? 'returns' : 'gross margin'} more than the headline growth rate suggests.`,
    () =>
      `${c.short} is often described as ${describeSector(c)}, but that undersells it. Roughly ${share}% of revenue now comes from ${a}, and ${b} is the fastest-growing line. Trailing twelve-month revenue is about ${billions(f.revenue * 4)}, and the company has grown it at a ${pct(Math.max(2, f.growth * 0.8), 0)} compound rate over three years.`,
    () =>
      `What does ${c.short} actually sell? The short answer is ${a}; the longer answer includes ${b}${d ? ` and ${d}` : ''}, which tie customers in and make revenue more recurring than it looks. Customer concentration is moderate: the top ten account for roughly ${r.int(15, 45)}% of sales.`,
  ])();
}

function describeSector(c: Company): string {
  if (c.sector === 'small_caps') return 'just another small cap';
  if (c.sector === 'emerging_markets') return 'an emerging-markets proxy';
  return `a ${SECTOR_LABELS[c.sector]} company`;
}

export function changeOurMind(r: Rng, c: Company, bearish: boolean): string {
  return bearish
    ? r.pick([
        `What would change our mind? Two quarters of accelerating growth in ${r.pick(c.products)} with stable margins would make the current multiple defensible.`,
        `We would revisit the view below ${price(c.price * r.float(0.7, 0.8))}, where the valuation starts to discount the risks we describe.`,
      ])
    : r.pick([
        `What would change our mind? A guide-down driven by ${r.pick(c.drivers)} rather than by timing, or a large acquisition that dilutes returns.`,
        `We would sell if the thesis breaks, not because the stock falls; a drop without a change in fundamentals would be a chance to add.`,
      ]);
}

/** The next dates that matter, relative to the post's date. */
export function calendarParagraph(ctx: PostContext): string {
  const r = ctx.rng;
  const month = monthName(ctx.at, 1);
  const events = r.sample(
    [
      `the CPI report on ${month} ${r.int(10, 15)}`,
      `the FOMC decision on ${month} ${r.int(16, 20)}`,
      `the jobs report on ${month} ${r.int(1, 7)}`,
      `retail sales in the middle of ${month}`,
      `the Treasury refunding announcement`,
      `Nvidia's earnings late in ${month}`,
      `the ISM manufacturing survey on the first business day of ${month}`,
      `the Bank of Japan meeting`,
    ],
    3,
  );
  return r.pick([
    `On the calendar: ${list(events)}. Any of them could move the view, and we will update this note after each.`,
    `What we are watching next: ${list(events)}. Positioning into those events is ${r.pick(['light', 'crowded', 'mixed'])}, which raises the odds of a sharp move either way.`,
  ]);
}

export function guestBio(r: Rng, guest: string, firm: string, role: string): string {
  const first = guest.split(' ')[0] ?? guest;
  return `About the guest: ${guest} is ${role} at ${firm}, which manages roughly ${billions(r.float(0.4, 12))} across ${r.pick(['a long-biased equity fund', 'long-short and credit strategies', 'separately managed accounts', 'a concentrated global fund'])}. Before ${firm}, ${first} ${r.pick(['covered the sector at a bulge-bracket bank', 'worked at a large multi-manager hedge fund', 'ran research at a family office', 'was an engineer in the industry'])}. ${first} writes a quarterly letter that is widely read among ${r.pick(['institutional allocators', 'sector specialists', 'macro investors'])}.`;
}

/** What markets price right now, quoted from the day's snapshot. */
export function pricingCheck(ctx: PostContext): string {
  const { m, rng: r } = ctx;
  return r.pick([
    () =>
      `A quick pricing check. Fed funds futures imply a policy rate near ${pct(m.fedLow - r.pick([0.25, 0.5]), 2)} a year from now, the VIX is at ${m.vix.toFixed(1)}, and high-yield spreads are ${m.hySpreadBp} basis points over Treasuries. In other words, markets are priced for a benign outcome, which is exactly when it pays to ask what could go wrong.`,
    () =>
      `Cross-asset signals are mixed. The Nasdaq 100 is near ${Math.round(m.nasdaq100).toLocaleString('en-US')}, the Russell 2000 around ${Math.round(m.russell2000).toLocaleString('en-US')}, gold at ${price(m.gold)} and Brent at ${price(m.brent)}. Equities are pricing growth, gold is pricing debasement, and the bond market sits somewhere in between with the 2-year at ${pct(m.twoYear, 2)}.`,
    () =>
      `Positioning matters as much as the data. Systematic funds have rebuilt equity exposure, retail call buying is elevated, and the put-call ratio is near its lowest in a year. With the S&P 500 at ${Math.round(m.spx).toLocaleString('en-US')} and the VIX at ${m.vix.toFixed(1)}, protection is cheap, and we would rather own some than none.`,
  ])();
}

/** A line quoted from a podcast episode. */
export function episodeQuote(r: Rng, speaker: string, topic: string): string {
  return `${r.pick([
    `"Everyone agrees on the direction of ${topic}. Almost nobody agrees on the timing, and that is where the money is made."`,
    `"The consensus on ${topic} is built on last year's data. The next twelve months will not look like the last twelve."`,
    `"I spend less time on forecasts and more on what is already priced. On ${topic}, a lot is priced, but not everything."`,
    `"If you only read the headlines on ${topic}, you would think it is simple. The details in the filings tell a different story."`,
  ])} ${speaker}, on ${topic}. ${r.pick(['The full answer starts around the middle of the episode.', 'This part of the conversation is worth hearing in full.', 'We come back to this point in the closing minutes.'])}`;
}
