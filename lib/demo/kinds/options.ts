import { type CallDraft, convictionFor } from '@/lib/demo/calls';
import { COMPANIES, type Company } from '@/lib/demo/companies';
import { fundamentalsFor } from '@/lib/demo/market';
import type { Rng } from '@/lib/demo/random';
import { billions, change, pct, price, usd } from '@/lib/demo/text';
import { type Draft, fitParagraphs, optional, type PostContext, pubTheme } from './context';
import { calendarParagraph } from './extras';
import { signOff, themeTieIn } from './paragraphs';
import { etfNote, sectorNote } from './sector-notes';

type Structure = 'call_spread' | 'put_spread' | 'short_put' | 'long_call' | 'iron_condor';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Third Friday of the month at least three weeks out: the standard monthly expiry. */
function expiry(at: Date, rng: Rng): string {
  const target = new Date(at.getTime() + rng.int(21, 70) * 86_400_000);
  const first = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), 1));
  const day = 1 + ((5 - first.getUTCDay() + 7) % 7) + 14;
  return `${MONTHS[target.getUTCMonth()]} ${day}`;
}

function strikeStep(px: number): number {
  return px < 50 ? 1 : px < 200 ? 5 : px < 1000 ? 10 : 50;
}

function roundStrike(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

/** A defined-risk options trade idea: the setup, implied volatility, the exact structure, and the exit plan. */
export function optionsIdea(ctx: PostContext): Draft {
  const r = ctx.rng;
  const pool = COMPANIES.filter((c) => ctx.pub.sectors.includes(c.sector));
  const c: Company = r.pick(pool);
  const f = fundamentalsFor(c, r);
  const step = strikeStep(f.price);
  const exp = expiry(ctx.at, r);
  const structure: Structure = ctx.wantsCalls
    ? r.weightedKey({ call_spread: 4, put_spread: 2, short_put: 2, long_call: 1 })
    : 'iron_condor';
  const closing = ctx.wantsCalls && r.chance(0.15);
  const width = step * r.int(2, 4);
  const debit = width * r.float(0.3, 0.45);
  const ivRank = r.int(12, 78);
  const implied = r.float(3, 11);

  let trade: string;
  let detail: string;
  let name: string;
  let bullish = true;
  switch (structure) {
    case 'call_spread': {
      const k1 = roundStrike(f.price * r.float(1, 1.05), step);
      name = `${c.ticker} ${exp} ${k1}/${k1 + width} call spread`;
      trade = `We are buying the ${name} for ${usd(debit)}, risking ${price(debit * 100)} per spread to make ${price((width - debit) * 100)}.`;
      detail = `Break-even at expiry is ${price(k1 + debit)}, and the position starts with a delta of about ${r.float(0.25, 0.4).toFixed(2)} per spread.`;
      break;
    }
    case 'put_spread': {
      bullish = false;
      const k1 = roundStrike(f.price * r.float(0.96, 1), step);
      name = `${c.ticker} ${exp} ${k1}/${k1 - width} put spread`;
      trade = `We are buying the ${name} for ${usd(debit)}, a bearish position that risks ${price(debit * 100)} per spread to make ${price((width - debit) * 100)}.`;
      detail = `Break-even at expiry is ${price(k1 - debit)}, and the spread gains most if the stock drifts toward the short strike into expiration.`;
      break;
    }
    case 'short_put': {
      const k = roundStrike(f.price * r.float(0.86, 0.94), step);
      const premium = f.price * r.float(0.012, 0.035);
      name = `${c.ticker} ${exp} ${k} put`;
      trade = `We are selling the ${name} for ${usd(premium)}, cash-secured, which would put us into ${c.ticker} at an effective ${price(k - premium)} if assigned.`;
      detail = `That is a ${pct((premium / k) * 100)} return on the cash set aside over the life of the trade, and assignment would be a price we are happy to own the shares at.`;
      break;
    }
    case 'long_call': {
      const k = roundStrike(f.price * r.float(1.02, 1.08), step);
      const premium = f.price * r.float(0.02, 0.06);
      name = `${c.ticker} ${exp} ${k} calls`;
      trade = `We are buying the ${name} for ${usd(premium)}, a small position sized so the whole premium can go to zero.`;
      detail = `Outright calls are the most convex way to express the view; we accept paying for time decay because we expect the move to come quickly.`;
      break;
    }
    default: {
      const lo = roundStrike(f.price * 0.9, step);
      const hi = roundStrike(f.price * 1.1, step);
      name = `${c.ticker} ${exp} ${lo}/${hi} iron condor`;
      trade = `For readers who want a neutral structure, the ${name} collects premium if ${c.ticker} stays in range, but we are not putting it on ourselves.`;
      detail = `With implied volatility where it is, the premium collected does not compensate enough for a breakout in either direction, which is why we are sitting this one out.`;
    }
  }
  const evidence = closing
    ? `We closed the ${name} for a ${r.int(35, 95)}% gain on the ${structure === 'short_put' ? 'premium' : 'debit'}.`
    : trade;

  const calls: CallDraft[] = [];
  if (ctx.wantsCalls) {
    const action = closing ? 'EXIT' : 'NEW_POSITION';
    const conviction = convictionFor(action, r);
    calls.push({
      company: c,
      instrumentType: 'OPTION',
      action,
      direction: bullish ? 'LONG' : 'SHORT',
      conviction: Math.min(conviction, 4),
      evidence,
      rationale: r.chance(0.7)
        ? `implied volatility rank of ${ivRank} makes ${structure === 'short_put' ? 'selling' : 'buying'} premium attractive here`
        : null,
    });
  }

  const title = closing
    ? r.pick([`Closing the ${c.ticker} trade: taking profits early`, `Trade closed: ${name}`])
    : r.pick([
        `Trade idea: ${name}`,
        `${c.short} (${c.ticker}) into ${r.pick(['earnings', 'the Fed', 'expiration', 'the product event'])}: a defined-risk ${bullish ? 'bullish' : 'bearish'} setup`,
        `${bullish ? 'Bullish' : 'Bearish'} on ${c.ticker} with IV rank at ${ivRank}`,
        `Options setup: ${c.short} ${structure.replace('_', ' ')} for ${exp}`,
      ]);
  const subtitle = r.chance(0.8)
    ? r.pick([
        `Strikes, expiry, max loss and the exit plan`,
        `IV rank ${ivRank}, implied move ${pct(implied)}`,
        `How we size it and when we get out`,
      ])
    : null;

  const intro = `${c.name} (${c.ticker}) ${f.ytd >= 0 ? 'is up' : 'is down'} ${pct(Math.abs(f.ytd), 0)} this year and trades near ${price(f.price)}. ${bullish ? 'We want upside exposure with a defined maximum loss' : 'We think the risk is skewed lower and want to express it with capped risk'} ahead of ${r.pick(['the next earnings report', 'the FOMC meeting', 'monthly expiration', 'the next CPI report'])}.`;
  const vol = `Volatility first. Implied volatility rank is ${ivRank}, and the options market prices a move of about ${pct(implied)} through the ${exp} expiry, against a realized move of ${pct(implied * r.float(0.7, 1.3))} over the past month. ${ivRank < 35 ? 'Options are cheap relative to their history, which favours buying premium.' : 'Premium is rich, which is why we prefer spreads or selling puts.'}`;
  const plan = closing
    ? `The original thesis played out faster than expected, and most of the value in the position has been captured. Holding to expiry would add little upside for the same downside.`
    : `The plan: take profits at 50-60% of the maximum gain, and cut the position if ${c.ticker} closes ${bullish ? 'below' : 'above'} ${price(f.price * (bullish ? 0.93 : 1.07))}. Size it so a full loss costs no more than 1% of the account.`;
  const theme = r.chance(0.35) ? pubTheme(ctx) : null;
  const fundamentals = `Why ${c.ticker}: revenue was ${change(f.growth)} last quarter at ${billions(f.revenue)}, and the stock trades at ${Math.round(f.forwardPe)}x forward earnings. ${bullish ? 'Estimates have been moving up, and the chart has held its 200-day moving average.' : 'Estimates have started to drift lower, and the stock has failed twice at the same resistance level.'}`;

  const paragraphs = fitParagraphs(
    [
      { text: intro },
      { text: c.type === 'ETF' ? etfNote(c, r) : `${fundamentals} ${sectorNote(c, f, r, ctx.quarter)}` },
      { text: vol },
      {
        text:
          calls.length > 0
            ? `${evidence}${calls[0]?.rationale ? ` We like it because ${calls[0].rationale}.` : ''} ${closing ? 'We opened it a few weeks ago and the stock moved our way faster than expected.' : detail}`
            : `${trade} ${detail}`,
      },
      { text: plan },
      { text: calendarParagraph(ctx) },
      ...optional(theme ? themeTieIn(ctx, theme, c) : null),
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
      thesis: closing
        ? `the ${name} trade has captured most of its value and should be closed`
        : `${c.short} (${c.ticker}) offers a ${bullish ? 'bullish' : structure === 'iron_condor' ? 'range-bound' : 'bearish'} defined-risk setup through the ${name}`,
      numbers: [
        `an implied volatility rank of ${ivRank}`,
        `an implied move of about ${pct(implied)}`,
        `a price near ${price(f.price)}`,
      ],
      risks: [
        `a sharp move ${bullish ? 'lower' : 'higher'} in ${c.ticker}`,
        `volatility collapsing after the catalyst`,
      ],
    },
    tickers: [c.ticker],
    themes: theme ? [theme.id] : [],
    sector: c.sector === 'macro_assets' ? null : c.sector,
  };
}
