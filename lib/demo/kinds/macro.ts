import { type CallDraft, makeCall } from '@/lib/demo/calls';
import { type Company, company } from '@/lib/demo/companies';
import { fundamentalsFor } from '@/lib/demo/market';
import { capitalize, level, list, pct, price } from '@/lib/demo/text';
import { SECTOR_LABELS } from '@/lib/reference/sectors';
import { type Draft, fitParagraphs, optional, type PostContext, pubTheme, scene, themeCompanies } from './context';
import { calendarParagraph, pricingCheck } from './extras';
import { signOff } from './paragraphs';
import { etfNote } from './sector-notes';

/** A macro note on one theme (Fed, CPI, oil ...), tied to a second theme and the equities it moves. */
export function macroNote(ctx: PostContext): Draft {
  const r = ctx.rng;
  const m = ctx.m;
  const t = pubTheme(ctx);
  const second = r.chance(0.4) ? pubTheme(ctx, [t]) : null;
  const sectorKey = r.pick(t.sectors);
  const sc = scene(ctx, SECTOR_LABELS[sectorKey]);
  const names = themeCompanies(ctx, t, r.int(1, 2));

  // Theme-specific titles alternate with dated, number-bearing ones so a long archive does not repeat itself.
  const generic = [
    () => `${capitalize(t.label)}: ${r.int(3, 7)} charts that matter this week`,
    () => `${sc.month} check-in on ${t.label}`,
    () => `What ${r.pick(t.keywords)} is telling us in ${sc.month}`,
    () => `${capitalize(t.label)} after the ${sc.lastMonth} data`,
    () => `${capitalize(t.label)} and ${sc.sector}: the ${sc.month} view`,
    () => `${capitalize(t.label)} with the S&P 500 at ${level(m.spx)}`,
  ];
  const title = r.chance(0.5) ? r.pick(t.titles)(sc) : r.pick(generic)();
  const subtitle = r.chance(0.75)
    ? r.pick([
        `What ${t.keywords[1] ?? t.label} is telling us, and how we are positioned`,
        `The numbers behind ${t.label}, and the trades that follow`,
        `A ${r.int(5, 8)}-minute read on ${t.label} before the open`,
        `Why ${t.label} matters more than the headlines suggest`,
      ])
    : null;

  const levels = [
    `the S&P 500 at ${level(m.spx)}`,
    `the 10-year Treasury yield at ${pct(m.tenYear, 2)}`,
    r.pick([
      `WTI crude at ${price(m.wti)}`,
      `the VIX at ${m.vix.toFixed(1)}`,
      `gold at ${price(m.gold)}`,
      `the dollar index at ${m.dxy.toFixed(1)}`,
    ]),
  ];
  const intro = r.pick([
    () =>
      `Markets start the week with ${list(levels)}. The story we think matters most right now is ${t.label}, and it is not getting the attention it deserves.`,
    () =>
      `A quick snapshot before we start: ${list(levels)}. Against that backdrop, this note is about ${t.label}, where ${r.pick(['the consensus has moved too far', 'the data have quietly changed', 'positioning has become one-sided'])}.`,
    () =>
      `${capitalize(t.label)} is back at the top of every client conversation. With ${list(levels)}, here is how we think about it.`,
  ])();
  const themeParas = r.sample(t.paragraphs, second ? 2 : r.int(2, 3)).map((p) => p(sc));

  const equities =
    names.length > 0
      ? `For equities, the most direct ${names.length > 1 ? 'exposures are' : 'exposure is'} ${list(names.map((c) => `${c.name} (${c.ticker})`))}. ${r.pick(
          [
            `${names.length > 1 ? 'They have' : 'It has'} moved with ${t.keywords[0]} headlines for most of the year.`,
            `Guidance from ${names.length > 1 ? 'these companies' : 'the company'} is where this theme will show up first.`,
            `Sell-side estimates have not yet caught up with the macro data.`,
          ],
        )} In ${names[0]!.short}'s case, watch ${r.pick(names[0]!.drivers)}.`
      : null;

  const calls: CallDraft[] = [];
  if (ctx.wantsCalls) {
    const trade = r.pick(t.trades);
    const instrument = company(trade.ticker);
    calls.push(
      makeCall(
        {
          company: instrument,
          fundamentals: fundamentalsFor(instrument, r),
          action: r.pick(['RECOMMENDATION', 'NEW_POSITION'] as const),
          direction: trade.direction,
          rationale: r.chance(0.7) ? `it is the cleanest expression of the view that ${t.thesis(sc)}` : null,
        },
        r,
      ),
    );
    const extra = names.find((c: Company) => c.ticker !== trade.ticker);
    if (extra && r.chance(0.3)) {
      calls.push(
        makeCall(
          {
            company: extra,
            fundamentals: fundamentalsFor(extra, r),
            action: 'RECOMMENDATION',
            direction: 'LONG',
            rationale: null,
          },
          r,
        ),
      );
    }
  }
  const positioning =
    calls.length > 0
      ? `${r.pick(['How we are positioned:', 'The trade:', 'Putting this into the portfolio:'])} ${calls.map((c) => c.evidence + (c.rationale ? ` We like it because ${c.rationale}.` : '')).join(' ')}`
      : `We are not changing positions on the back of this. ${r.pick(['The signal is real but the timing is not clear.', 'Our existing exposure already reflects the view.', 'We would rather wait for the next data point.'])} ${r.pick([`If ${t.keywords[0]} keeps moving in the direction we expect, the obvious beneficiaries are the ${SECTOR_LABELS[sectorKey]} names we discussed, and we will say so when we act.`, `For now the right move is patience: the view is directional, and the market has not yet offered an entry that pays us for being early.`])}`;
  const instrument = calls[0]?.company;

  const paragraphs = fitParagraphs(
    [
      { text: intro },
      ...themeParas.map((text) => ({ text })),
      ...(second ? [{ text: `A related thread is ${second.label}. ${r.pick(second.paragraphs)(sc)}` }] : []),
      ...optional(equities),
      ...optional(instrument && instrument.type === 'ETF' && r.chance(0.5) ? etfNote(instrument, r) : null),
      { text: pricingCheck(ctx), optional: true },
      { text: calendarParagraph(ctx) },
      {
        text: `The main risk to this view is ${t.risk}. ${r.pick(['We would change our mind quickly if the next two data releases point the other way.', 'That is why we keep the position sized modestly.', 'It is a real risk, but not our base case.'])}`,
      },
      { text: positioning },
      ...optional(signOff(ctx)),
    ],
    r,
  );

  return {
    title,
    subtitle,
    paragraphs,
    calls,
    summary: { thesis: t.thesis(sc), numbers: levels, risks: [t.risk] },
    tickers: [...calls.map((c) => c.company.ticker), ...names.map((c) => c.ticker)].filter(
      (x, i, all) => all.indexOf(x) === i,
    ),
    themes: second ? [t.id, second.id] : [t.id],
    sector: null,
  };
}
