import type { CallDraft } from '@/lib/demo/calls';
import type { Company } from '@/lib/demo/companies';
import type { Fundamentals } from '@/lib/demo/market';
import { billions, capitalize, list, multiple, pct, price } from '@/lib/demo/text';
import type { Theme } from '@/lib/demo/themes';
import { SECTOR_LABELS } from '@/lib/reference/sectors';
import { type PostContext, scene } from './context';
import { SECTOR_RISKS } from './sector-notes';

/** Paragraphs shared by several post kinds. Each takes the post's context so wording varies with the seed. */

export type Stance = 'bull' | 'bear' | 'neutral';

export function valuationParagraph(ctx: PostContext, c: Company, f: Fundamentals, stance: Stance): string {
  const r = ctx.rng;
  const pe = multiple(f.forwardPe);
  const history = multiple(f.forwardPe * r.float(0.75, 1.2));
  const options = [
    () =>
      `At ${price(f.price)}, ${c.short} trades at ${pe} forward earnings against a five-year average of about ${history}. ${stance === 'bear' ? 'That multiple assumes everything goes right.' : 'That is not cheap, but it is reasonable for the growth on offer.'} Free cash flow was ${billions(f.fcf)} in the quarter, and the company bought back ${billions(f.buyback)} of stock.`,
    () =>
      `Valuation: our base case has ${c.short} earning about ${price(f.eps * 4 * r.float(1.05, 1.25))} per share next year. Put ${multiple(f.forwardPe * r.float(0.9, 1.1))} on that and the stock is worth roughly ${price(f.target * (stance === 'bear' ? 0.72 : 1))}, versus ${price(f.price)} today. ${stance === 'bear' ? 'The downside case is closer than the market thinks.' : 'The bull case gets you meaningfully higher.'}`,
    () =>
      `The shares are ${f.ytd >= 0 ? 'up' : 'down'} ${pct(Math.abs(f.ytd), 0)} this year and sit at ${pe} forward earnings. On free cash flow the picture is ${stance === 'bear' ? 'less flattering: the yield is barely above 2%' : 'better than it looks, with a yield near 4% once stock compensation is included'}, and the balance sheet carries more cash than debt.`,
  ];
  return r.pick(options)();
}

export function peersParagraph(ctx: PostContext, main: Company, others: Company[]): string {
  const r = ctx.rng;
  const refs = others.map((o) => `${o.short} (${o.ticker})`);
  const first = others[0];
  const options = [
    () =>
      `It helps to compare ${main.short} with ${list(refs)}. ${others.length > 1 ? 'All of them are' : 'Both are'} exposed to the same ${SECTOR_LABELS[main.sector]} cycle, but ${main.short} has the cleaner balance sheet and the more visible growth, which is why it deserves a premium multiple.`,
    () =>
      `Read-across matters here. ${capitalize(list(refs))} reported in the same window, and their commentary on ${first ? r.pick(first.keywords) : 'demand'} lines up with what ${main.short} said: demand is steady, pricing is holding, and customers are not cutting orders.`,
    () =>
      `Among peers we still prefer ${main.short}. ${capitalize(list(refs))} ${others.length > 1 ? 'trade' : 'trades'} at similar or higher multiples with slower growth, and ${first ? first.short : 'the group'} in particular faces ${r.pick(SECTOR_RISKS[first?.sector ?? main.sector])}.`,
  ];
  return r.pick(options)();
}

export function themeTieIn(ctx: PostContext, t: Theme, c: Company): string {
  const bridge = ctx.rng.pick([
    `The macro backdrop matters for ${c.short} too.`,
    `There is a ${t.label} angle to this as well.`,
    `Zooming out to ${t.label}:`,
  ]);
  return `${bridge} ${ctx.rng.pick(t.paragraphs)(scene(ctx, SECTOR_LABELS[c.sector]))}`;
}

export function risksParagraph(ctx: PostContext, c: Company): { text: string; risks: string[] } {
  const r = ctx.rng;
  const risks = r.sample(SECTOR_RISKS[c.sector], 2);
  const options = [
    () =>
      `What could go wrong? The main risks are ${list(risks)}. We would revisit the thesis if the next 10-Q shows ${r.pick(['margins slipping for a second quarter', 'receivables growing faster than sales', 'guidance cut without a clear reason', 'a slowdown in the core segment'])}.`,
    () =>
      `Risks to the view: ${list(risks)}. None of these is new, but any of them would hit a stock priced for steady execution, so position sizing matters.`,
    () =>
      `We are watching two things most closely: ${list(risks)}. The latest 10-K added language on both, which tells us management is watching them as well.`,
  ];
  return { text: r.pick(options)(), risks };
}

/** The paragraph holding the calls. Evidence sentences appear verbatim; short reasons follow each of them. */
export function callsParagraph(ctx: PostContext, calls: CallDraft[], opener?: string): string {
  const r = ctx.rng;
  const parts: string[] = [];
  if (opener) parts.push(opener);
  for (const call of calls) {
    parts.push(call.evidence);
    if (call.rationale) parts.push(`${capitalize(call.rationale)}.`);
  }
  if (r.chance(0.5)) {
    parts.push(
      r.pick([
        'As always, size positions to your own risk tolerance.',
        'We will update the position in our next portfolio note.',
        'Position changes are reflected in the model portfolio as of today.',
      ]),
    );
  }
  return parts.join(' ');
}

export function noCallParagraph(ctx: PostContext, c: Company): string {
  return ctx.rng.pick([
    `We are not making a call on ${c.short} today. The business is executing, but the setup does not give us an edge, and we would rather wait for either a better price or clearer evidence.`,
    `For now ${c.short} stays on the watchlist. We do not own it, and nothing in this quarter changes that; we want to see another two quarters of data first.`,
    `This is a research note, not a recommendation: we have no position in ${c.short} and are not initiating one.`,
  ]);
}

export function signOff(ctx: PostContext): string | null {
  const r = ctx.rng;
  if (!r.chance(0.35)) return null;
  switch (ctx.pub.sourceKind) {
    case 'email':
      return r.pick([
        'Questions or pushback? Just reply to this e-mail; I read every response.',
        'That is it for this issue. Reply with the tickers you want covered next.',
      ]);
    case 'rss':
      return r.pick([
        'Comments are open below. Nothing here is investment advice.',
        'Thanks for reading. Nothing in this post is investment advice.',
      ]);
    default:
      return r.pick([
        'Thanks for reading. If a colleague forwarded this, you can subscribe on the site.',
        'Nothing here is investment advice. Do your own work and size positions accordingly.',
        'Paid subscribers get the full model and the spreadsheet behind these numbers.',
      ]);
  }
}
