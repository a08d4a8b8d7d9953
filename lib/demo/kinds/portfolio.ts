import { type CallDraft, makeCall } from '@/lib/demo/calls';
import { COMPANIES, type Company } from '@/lib/demo/companies';
import { type Fundamentals, fundamentalsFor } from '@/lib/demo/market';
import { billions, capitalize, change, list, monthName, pct, signedPct } from '@/lib/demo/text';
import type { PickAction } from '@/lib/demo/types';
import { SECTOR_LABELS } from '@/lib/reference/sectors';
import { type Draft, fitParagraphs, optional, type PostContext, pubTheme, scene } from './context';
import { calendarParagraph, changeOurMind } from './extras';
import { signOff } from './paragraphs';

interface Move {
  company: Company;
  f: Fundamentals;
  action: PickAction;
}

const VERB: Record<PickAction, string> = {
  NEW_POSITION: 'buying',
  ADD: 'adding to',
  HOLD: 'holding',
  RECOMMENDATION: 'recommending',
  REDUCE: 'trimming',
  EXIT: 'selling',
};

/** A model-portfolio update: performance, two or three trades with reasons, a macro note and the watchlist. */
export function portfolioUpdate(ctx: PostContext): Draft {
  const r = ctx.rng;
  const pool = COMPANIES.filter((c) => ctx.pub.sectors.includes(c.sector));
  const [a, b, c, watch] = r.sample(pool, 4);
  const held = [a, b, c].filter((x): x is Company => x !== undefined).slice(0, r.int(2, 3));
  const actions: PickAction[] = ['NEW_POSITION', 'ADD', 'REDUCE', 'EXIT'];
  const moves: Move[] = held.map((company, i) => ({
    company,
    f: fundamentalsFor(company, r),
    // The first move is always a buy and the second a sale, so every update reads as "adding X, trimming Y".
    action:
      i === 0
        ? r.pick(['NEW_POSITION', 'ADD'] as const)
        : i === 1
          ? r.pick(['REDUCE', 'EXIT'] as const)
          : r.pick(actions),
  }));
  const month = monthName(ctx.at);
  const ret = r.float(-4, 6);
  const spxRet = ret - r.float(-2.5, 2.5);
  const first = moves[0]!;
  const second = moves[1]!;
  const theme = pubTheme(ctx);
  const sc = scene(ctx, SECTOR_LABELS[first.company.sector]);

  const title = ctx.wantsCalls
    ? r.pick([
        `Portfolio update: ${VERB[first.action]} ${first.company.short}, ${VERB[second.action]} ${second.company.short}`,
        `${month} portfolio review: ${moves.length} changes and what we are watching`,
        `Model portfolio: we ${first.action === 'ADD' ? 'added' : 'bought'} ${first.company.ticker} and ${second.action === 'EXIT' ? 'sold' : 'trimmed'} ${second.company.ticker}`,
        `${ctx.quarter.split(' ')[0]} portfolio update: ${signedPct(ret)} vs the S&P 500 ${signedPct(spxRet)}`,
      ])
    : r.pick([`${month} portfolio review: no trades, and why`, `Portfolio check-in: sitting on our hands in ${month}`]);
  const subtitle = r.chance(0.7)
    ? r.pick([
        `Performance, positioning and the watchlist`,
        `Where we are adding risk and where we are taking it off`,
        `Plus thoughts on ${theme.label}`,
      ])
    : null;

  const intro = `The model portfolio returned ${signedPct(ret)} in ${month}, against ${signedPct(spxRet)} for the S&P 500, and cash stands at ${pct(r.float(3, 15), 0)}. ${r.pick(
    [
      `Most of the ${ret >= spxRet ? 'outperformance' : 'shortfall'} came from our ${SECTOR_LABELS[first.company.sector]} holdings.`,
      `Year to date we are ${signedPct(ret * r.float(2, 5))} net of fees.`,
      `It was a noisy month, and we used it to make ${ctx.wantsCalls ? 'a few changes' : 'no changes at all'}.`,
    ],
  )}`;

  const label = (h: Company) => (h.type === 'ETF' ? h.ticker : `${h.short} (${h.ticker})`);
  const calls: CallDraft[] = [];
  const moveParas: string[] = [];
  if (ctx.wantsCalls) {
    for (const move of moves) {
      const direction = 'LONG' as const;
      const reason = reasonFor(move, r);
      const call = makeCall(
        {
          company: move.company,
          fundamentals: move.f,
          action: move.action,
          direction,
          rationale: r.chance(0.7) ? reason : null,
        },
        r,
      );
      calls.push(call);
      const detail =
        move.company.type === 'ETF'
          ? `The fund is ${move.f.ytd >= 0 ? 'up' : 'down'} ${pct(Math.abs(move.f.ytd), 0)} this year.`
          : `Revenue was ${change(move.f.growth)} last quarter at ${billions(move.f.revenue)}, and the stock trades at ${Math.round(move.f.forwardPe)}x forward earnings.`;
      moveParas.push(
        `${call.evidence} ${capitalize(reason)}. ${detail} ${move.company.type === 'EQUITY' && (move.action === 'NEW_POSITION' || move.action === 'ADD') ? changeOurMind(r, move.company, false) : ''}`.trim(),
      );
    }
  } else {
    moveParas.push(
      `We made no trades this month. ${list(held.map(label))} ${held.length > 1 ? 'remain' : 'remains'} among our largest positions, and nothing in the latest results changed our view of them.`,
    );
    moveParas.push(
      ...held.slice(0, 2).map((h, i) => {
        const f = fundamentalsFor(h, r);
        return h.type === 'ETF'
          ? `${h.name} (${h.ticker}) is ${f.ytd >= 0 ? 'up' : 'down'} ${pct(Math.abs(f.ytd), 0)} this year and still does the job we bought it for: broad exposure to ${r.pick(h.keywords)}.`
          : `${h.short} reported revenue of ${billions(f.revenue)}, ${change(f.growth)}, and trades at ${Math.round(f.forwardPe)}x forward earnings. ${i === 0 ? `The thesis rests on ${r.pick(h.drivers)}, and that is on track.` : `We would add on a pullback.`}`;
      }),
    );
  }

  const weights = held.map((h) => `${label(h)} at ${pct(r.float(3, 9), 1)}`);
  const positioning =
    `Positioning: the portfolio holds ${r.int(14, 26)} names, the top five make up ${pct(r.float(28, 45), 0)} of capital, and we are overweight ${SECTOR_LABELS[first.company.sector]}. Current weights ${ctx.wantsCalls ? "before this month's changes" : ''} include ${list(weights)}. Net exposure is about ${r.int(80, 100)}%, and we have no leverage.`.replace(
      '  ',
      ' ',
    );
  const watchPara = watch
    ? `On the watchlist: ${watch.name} (${watch.ticker}). ${r.pick([`We would like to own it on a pullback of 10-15%.`, `The next earnings report will decide whether it earns a place.`, `It is cheap, but we want evidence that ${r.pick(watch.drivers)} is turning before we commit.`])}`
    : null;

  const paragraphs = fitParagraphs(
    [
      { text: intro },
      { text: positioning },
      ...moveParas.map((text) => ({ text })),
      { text: `On the macro side, we are watching ${theme.label}. ${r.pick(theme.paragraphs)(sc)}` },
      ...optional(watchPara),
      { text: calendarParagraph(ctx), optional: true },
      ...optional(signOff(ctx)),
    ],
    r,
  );

  return {
    title,
    subtitle,
    paragraphs,
    calls,
    summary: {
      thesis: ctx.wantsCalls
        ? `the portfolio is rotating toward ${first.company.short} and away from ${second.company.short}, after returning ${signedPct(ret)} in ${month}`
        : `no trades are warranted this month after a ${signedPct(ret)} return, with ${theme.label} the main macro watch point`,
      numbers: [`a ${signedPct(ret)} portfolio return in ${month}`, `${signedPct(spxRet)} for the S&P 500`],
      risks: [theme.risk],
    },
    tickers: [...held.map((h) => h.ticker), ...(watch ? [watch.ticker] : [])],
    themes: [theme.id],
    sector: first.company.sector,
  };
}

function reasonFor(move: Move, r: PostContext['rng']): string {
  const k = r.pick(move.company.products);
  if (move.company.type === 'ETF') {
    const buying = move.action === 'NEW_POSITION' || move.action === 'ADD';
    return buying
      ? r.pick([`the macro setup now favours ${k}`, `it is the simplest way to own ${k} at a reasonable price`])
      : r.pick([
          `the macro case for ${k} is weaker than it was`,
          `we would rather own individual names than ${k} as a group`,
        ]);
  }
  switch (move.action) {
    case 'NEW_POSITION':
    case 'ADD':
      return r.pick([
        `${k} is inflecting and estimates are still too low`,
        `the pullback gave us a better entry, and ${k} is still underappreciated`,
        `we see ${Math.round((move.f.target / move.f.price - 1) * 100)}% upside as ${k} grows`,
      ]);
    case 'REDUCE':
      return r.pick([
        `the position grew too large after the rally`,
        `the valuation now discounts most of the ${k} upside`,
        `we want to fund better ideas without giving up the position`,
      ]);
    case 'EXIT':
      return r.pick([
        `the thesis on ${k} has played out`,
        `we were wrong about ${k} and would rather admit it`,
        `there are better uses for the capital`,
      ]);
    default:
      return `nothing has changed in ${k}`;
  }
}
