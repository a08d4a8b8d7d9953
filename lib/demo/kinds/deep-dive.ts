import { type CallDraft, makeCall } from '@/lib/demo/calls';
import { fundamentalsFor } from '@/lib/demo/market';
import { change, multiple, pct, price } from '@/lib/demo/text';
import { type Draft, fitParagraphs, mainEquity, optional, type PostContext, peers, pubTheme } from './context';
import { businessParagraph, changeOurMind, channelCheck, managementQuote } from './extras';
import { epsFact, marginFact, revenueFact } from './facts';
import {
  callsParagraph,
  noCallParagraph,
  peersParagraph,
  risksParagraph,
  type Stance,
  signOff,
  themeTieIn,
  valuationParagraph,
} from './paragraphs';
import { sectorNote } from './sector-notes';

/** A long-form piece on one company: business, numbers, valuation, peers, risks and (usually) a call. */
export function deepDive(ctx: PostContext): Draft {
  const r = ctx.rng;
  const c = mainEquity(ctx);
  const f = fundamentalsFor(c, r);
  const k = r.pick(c.products);
  const d = r.pick(c.drivers);
  const others = peers(ctx, c, r.int(1, 2));
  const stance: Stance = ctx.wantsCalls
    ? r.chance(0.16)
      ? 'bear'
      : 'bull'
    : r.pick(['bull', 'neutral', 'neutral', 'bear']);
  const pe = multiple(f.forwardPe);

  const bullTitles = [
    `${c.short} (${c.ticker}): why ${d} changes the math`,
    `${c.short}: the bull case at ${pe} forward earnings`,
    `Deep dive: ${c.name} and the ${k} opportunity`,
    `${c.short} (${c.ticker}) at ${price(f.price)}: what the market is missing`,
    `Why we like ${c.short} more after the ${ctx.quarter} numbers`,
    `${c.ticker}: ${r.int(3, 7)} reasons ${d} matters more than the quarter`,
  ];
  const bearTitles = [
    `The case against ${c.short} (${c.ticker})`,
    `${c.short} at ${pe} earnings: priced for perfection`,
    `${c.short}: ${d} will not save the multiple`,
    `Why we are cautious on ${c.name}`,
  ];
  const neutralTitles = [
    `${c.short} (${c.ticker}): good company, fair price`,
    `What ${c.short}'s ${k} cycle means for margins`,
    `Reading ${c.short}'s latest 10-Q: ${k}, margins and cash`,
    `${c.short} vs ${others[0]?.short ?? 'peers'}: who wins the ${k} race?`,
  ];
  const title = r.pick(stance === 'bull' ? bullTitles : stance === 'bear' ? bearTitles : neutralTitles);
  const subtitle = r.chance(0.82)
    ? r.pick([
        `Revenue ${change(f.growth)} and ${marginFact(c, f)}; the multiple is the debate`,
        `A closer look at ${k}, the balance sheet and what the stock already prices in`,
        `${stance === 'bear' ? 'Great business, wrong price' : 'The numbers behind our view'}, plus how ${others.map((o) => o.short).join(' and ')} compare`,
        `Our ${stance === 'bear' ? 'bear' : stance === 'bull' ? 'bull' : 'base'} case in ${r.int(5, 9)} charts and one spreadsheet`,
      ])
    : null;

  const intro = r.pick([
    () =>
      `${c.name} (${c.ticker}) has ${f.ytd >= 0 ? 'rallied' : 'fallen'} ${pct(Math.abs(f.ytd), 0)} this year, and most of the debate now centres on ${d}. ${stance === 'bear' ? 'We think the market is extrapolating a peak.' : stance === 'bull' ? 'We think the market still underestimates how long the runway is.' : 'We set out to decide whether the stock belongs in the portfolio.'}`,
    () =>
      `We have followed ${c.short} for years, and this is the most interesting setup since we started. The ${c.sector === 'banks' ? 'franchise' : 'business'} is ${f.growth > 12 ? 'growing fast' : 'steady'}, ${k} is ${stance === 'bear' ? 'priced as a sure thing' : 'under-appreciated'}, and the stock at ${price(f.price)} ${stance === 'bear' ? 'leaves no margin of safety' : 'does not yet reflect it'}.`,
    () =>
      `Every few quarters ${c.short} ($${c.ticker}) gives investors a reason to re-underwrite the story. The reason now is ${k}, and the ${ctx.quarter} report gave us enough data to take a view.`,
  ])();

  const numbers = `In ${ctx.quarter}, ${c.short} reported ${revenueFact(c, f, ctx.quarter).replace(`${ctx.quarter} `, '')}, with ${marginFact(c, f)} and ${epsFact(f)}. ${r.pick(
    [
      `The 10-Q shows operating cash flow comfortably ahead of net income, which is what we want to see.`,
      `Operating margin was ${pct(f.operatingMargin)}, ${r.int(40, 260)} basis points better than a year ago.`,
      `Share count fell ${pct(r.float(0.5, 3))} year over year thanks to ${r.pick(['steady', 'aggressive', 'opportunistic'])} buybacks.`,
    ],
  )}`;

  const risk = risksParagraph(ctx, c);
  const calls: CallDraft[] = [];
  if (ctx.wantsCalls) {
    const action =
      stance === 'bear'
        ? r.pick(['NEW_POSITION', 'RECOMMENDATION', 'EXIT'] as const)
        : r.weightedKey({ RECOMMENDATION: 4, NEW_POSITION: 3, HOLD: 1.5, ADD: 1 });
    const direction = stance === 'bear' && action !== 'EXIT' ? 'SHORT' : 'LONG';
    calls.push(
      makeCall(
        {
          company: c,
          fundamentals: f,
          action,
          direction,
          rationale: r.chance(0.8) ? rationaleFor(c.short, k, stance, pe) : null,
        },
        r,
      ),
    );
    const peer = others[0];
    if (peer && r.chance(0.3)) {
      calls.push(
        makeCall(
          {
            company: peer,
            fundamentals: fundamentalsFor(peer, r),
            action: r.pick(['HOLD', 'RECOMMENDATION'] as const),
            direction: 'LONG',
            rationale: r.chance(0.5) ? `${peer.short} is the cheaper way to play the same cycle` : null,
          },
          r,
        ),
      );
    }
  }
  const theme = r.chance(0.45) ? pubTheme(ctx) : null;

  const paragraphs = fitParagraphs(
    [
      { text: r.chance(0.5) ? `${intro} ${channelCheck(r, c)}` : intro },
      { text: businessParagraph(r, c, f) },
      { text: `${sectorNote(c, f, r, ctx.quarter)} ${managementQuote(r, c, stance !== 'bear')}` },
      { text: numbers },
      { text: valuationParagraph(ctx, c, f, stance), optional: true },
      { text: peersParagraph(ctx, c, others), optional: true },
      ...(theme ? [{ text: themeTieIn(ctx, theme, c), optional: true }] : []),
      { text: `${risk.text} ${changeOurMind(r, c, stance === 'bear')}` },
      {
        text:
          calls.length > 0
            ? callsParagraph(ctx, calls, r.chance(0.4) ? 'Putting it together:' : undefined)
            : noCallParagraph(ctx, c),
      },
      ...optional(signOff(ctx)),
    ],
    r,
  );

  const thesis =
    stance === 'bull'
      ? `${c.short} (${c.ticker}) can compound earnings as ${k} ramps, and ${pe} forward earnings understates that`
      : stance === 'bear'
        ? `${c.short} (${c.ticker}) at ${pe} forward earnings already prices in the ${k} upside`
        : `${c.short} (${c.ticker}) is executing well on ${k}, but the setup does not yet justify a position`;
  return {
    title,
    subtitle,
    paragraphs,
    calls,
    summary: { thesis, numbers: [revenueFact(c, f, ctx.quarter), marginFact(c, f), epsFact(f)], risks: risk.risks },
    tickers: [c.ticker, ...others.map((o) => o.ticker)],
    themes: theme ? [theme.id] : [],
    sector: c.sector,
  };
}

function rationaleFor(name: string, keyword: string, stance: Stance, pe: string): string {
  if (stance === 'bear') return `${keyword} is already in the price at ${pe} earnings, and estimates look too high`;
  return `${keyword} should drive upward estimate revisions for ${name} over the next four quarters`;
}
