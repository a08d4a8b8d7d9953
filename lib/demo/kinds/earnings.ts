import { type CallDraft, makeCall } from '@/lib/demo/calls';
import { fundamentalsFor } from '@/lib/demo/market';
import {
  billions,
  billionsPair,
  capitalize,
  change,
  nextQuarterLabel,
  pct,
  signedPct,
  usd,
  weekday,
} from '@/lib/demo/text';
import { type Draft, fitParagraphs, mainEquity, optional, type PostContext, peers } from './context';
import { changeOurMind, channelCheck, managementQuote } from './extras';
import { epsFact, guideFact, marginFact, revenueFact } from './facts';
import { callsParagraph, noCallParagraph, peersParagraph, risksParagraph, type Stance, signOff } from './paragraphs';
import { sectorNote } from './sector-notes';

/** A quarterly results review: revenue and EPS against consensus, margins, guidance, the stock's reaction, a call. */
export function earningsReview(ctx: PostContext): Draft {
  const r = ctx.rng;
  const c = mainEquity(ctx);
  const f = fundamentalsFor(c, r);
  const k = r.pick(c.products);
  const q = ctx.quarter;
  const next = nextQuarterLabel(ctx.at);
  const beat = f.eps >= f.epsConsensus && f.revenue >= f.revenueConsensus;
  const raised = f.guide >= f.guideConsensus;
  const stance: Stance = beat && raised ? 'bull' : !beat && !raised ? 'bear' : raised ? 'bull' : 'neutral';
  const reportDay = weekday(new Date(ctx.at.getTime() - r.int(1, 3) * 86_400_000));
  const others = peers(ctx, c, r.int(1, 2));

  const title = r.pick([
    `${c.short} ${q} earnings: ${beat ? 'a beat' : 'a miss'} and ${raised ? 'a raise' : 'a soft guide'}`,
    `${c.short} (${c.ticker}) ${q}: EPS ${usd(f.eps)} vs ${usd(f.epsConsensus)} consensus`,
    `Earnings review: ${c.name} ${q}`,
    `${c.short} earnings: ${k} ${raised ? 'carries' : 'cannot carry'} the quarter`,
    `${c.ticker} ${q} results: ${signedPct(f.moveAfterPrint)} after hours, and why`,
    `${c.short} reports: what mattered in ${q}`,
  ]);
  const subtitle = r.chance(0.8)
    ? r.pick([
        `Revenue ${billionsPair(f.revenue, f.revenueConsensus).join(' vs ')} expected; guidance ${raised ? 'above' : 'below'} the Street`,
        `${capitalize(marginFact(c, f))}, ${k} and the outlook for ${next}`,
        `Our notes from the call, the 10-Q and the model update`,
      ])
    : null;

  const intro = `${c.name} (${c.ticker}) reported ${q} results after the close on ${reportDay}: revenue of ${billionsPair(f.revenue, f.revenueConsensus)[0]}, ${change(f.growth)} year over year, against consensus of ${billionsPair(f.revenue, f.revenueConsensus)[1]}. ${r.pick(
    [
      `The stock moved ${signedPct(f.moveAfterPrint)} in after-hours trading.`,
      `Shares ${f.moveAfterPrint >= 0 ? 'rose' : 'fell'} ${pct(Math.abs(f.moveAfterPrint))} the next morning.`,
      `The market reaction, ${signedPct(f.moveAfterPrint)}, says as much about positioning as about the numbers.`,
    ],
  )}`;
  const eps = `${capitalize(epsFact(f))}. ${r.pick([
    `Below the line, a lower tax rate added about ${usd(r.float(0.01, 0.06))} per share, so the quality of the beat is ${beat ? 'decent rather than spectacular' : 'worse than the headline'}.`,
    `${beat ? 'The upside came from operations, not from tax or share count.' : 'Higher operating expenses and a bigger interest bill explain most of the shortfall.'}`,
    `Excluding one-time items, EPS was ${change(f.growth * r.float(0.8, 1.6))} year over year.`,
  ])}`;
  const margins = `${capitalize(marginFact(c, f))} was ${Math.abs(f.grossMarginChangeBp)} basis points ${f.grossMarginChangeBp >= 0 ? 'higher' : 'lower'} than a year ago, and operating margin came in at ${pct(f.operatingMargin)}. ${r.pick(
    [
      `Management attributed the change to mix, with ${k} carrying richer margins.`,
      `Pricing and cost discipline offset higher input costs.`,
      `Tariffs cost roughly ${r.int(20, 90)} basis points, less than feared.`,
    ],
  )}`;
  const guidance = `${r.pick(['Guidance is what moved the stock.', 'The outlook matters more than the quarter.', 'On to guidance.'])} ${c.short} guided ${next} revenue to ${billionsPair(f.guide, f.guideConsensus)[0]}, ${f.guide >= f.guideConsensus ? 'above' : 'below'} the ${billionsPair(f.guide, f.guideConsensus)[1]} the Street expected. ${raised ? `The CFO said ${k} demand is ${r.pick(['accelerating', 'broadening', 'running ahead of plan'])}, and the full-year outlook was raised.` : `The CFO pointed to ${r.pick(['a longer sales cycle', 'timing of large orders', 'softer demand in China', 'currency headwinds'])} and kept the full-year outlook unchanged.`}`;

  const risk = risksParagraph(ctx, c);
  const modelUpdate = `Model changes: we ${raised ? 'raise' : 'lower'} our ${next} revenue estimate to ${billions(f.guide * (raised ? 1.01 : 0.99))} and our full-year EPS estimate to ${usd(f.eps * 4 * (raised ? 1.03 : 0.97))}.`;
  const calls: CallDraft[] = [];
  if (ctx.wantsCalls) {
    const choice =
      stance === 'bull'
        ? r.weightedKey({ ADD: 3, HOLD: 3, RECOMMENDATION: 3, NEW_POSITION: 1 })
        : stance === 'bear'
          ? r.weightedKey({ REDUCE: 3, EXIT: 2, SHORT: 1 })
          : r.weightedKey({ HOLD: 3, REDUCE: 2 });
    const action = choice === 'SHORT' ? 'NEW_POSITION' : choice;
    const direction = choice === 'SHORT' ? 'SHORT' : 'LONG';
    const selling = choice === 'REDUCE' || choice === 'EXIT' || choice === 'SHORT';
    const rationale = r.chance(0.75)
      ? selling
        ? r.pick([
            `the guide implies slower growth in ${k} than our model assumed`,
            `the risk-reward is less attractive after the quarter`,
            `estimates for ${next} look too high`,
          ])
        : `${beat ? 'a clean beat' : 'an in-line quarter'} with ${raised ? 'raised' : 'steady'} guidance keeps estimates moving up`
      : null;
    calls.push(makeCall({ company: c, fundamentals: f, action, direction, rationale }, r));
  }

  const paragraphs = fitParagraphs(
    [
      { text: intro },
      { text: eps },
      { text: margins, optional: true },
      { text: `${guidance} ${managementQuote(r, c, raised)}` },
      { text: `${sectorNote(c, f, r, q)} ${channelCheck(r, c)}`, optional: true },
      { text: peersParagraph(ctx, c, others), optional: true },
      { text: `${risk.text} ${changeOurMind(r, c, stance === 'bear')}` },
      { text: `${modelUpdate} ${calls.length > 0 ? callsParagraph(ctx, calls) : noCallParagraph(ctx, c)}` },
      ...optional(signOff(ctx)),
    ],
    r,
  );

  const thesis =
    stance === 'bull'
      ? `${c.short} (${c.ticker}) delivered a solid ${q} and the outlook for ${k} supports higher estimates`
      : stance === 'bear'
        ? `${c.short} (${c.ticker}) missed in ${q} and the soft guide points to slower growth in ${k}`
        : `${c.short} (${c.ticker}) posted a mixed ${q}: fine results but no reason to chase the stock`;
  return {
    title,
    subtitle,
    paragraphs,
    calls,
    summary: { thesis, numbers: [revenueFact(c, f, q), epsFact(f), guideFact(f, next)], risks: risk.risks },
    tickers: [c.ticker, ...others.map((o) => o.ticker)],
    themes: [],
    sector: c.sector,
    // The reaction the text states, to one decimal as written: the demo's closes make that move.
    priceMove: { ticker: c.ticker, percent: Number(f.moveAfterPrint.toFixed(1)) },
  };
}
