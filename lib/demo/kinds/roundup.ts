import { type CallDraft, makeCall } from '@/lib/demo/calls';
import { COMPANIES, type Company } from '@/lib/demo/companies';
import { fundamentalsFor } from '@/lib/demo/market';
import { billions, capitalize, change, list, pct, signedPct } from '@/lib/demo/text';
import { SECTOR_LABELS, type Sector } from '@/lib/reference/sectors';
import { type Draft, fitParagraphs, optional, type PostContext, pubTheme, scene } from './context';
import { signOff } from './paragraphs';
import { SECTOR_RISKS, sectorNoteAt } from './sector-notes';

/** A sector roundup: three or four companies in one sector, a paragraph each, the theme tying them and a top pick. */
export function sectorRoundup(ctx: PostContext): Draft {
  const r = ctx.rng;
  const sectors = ctx.pub.sectors.filter((s) => COMPANIES.some((c) => c.sector === s && c.type === 'EQUITY'));
  const sector: Sector = r.pick(sectors.length > 0 ? sectors : ctx.pub.sectors);
  const label = SECTOR_LABELS[sector];
  const names = r.sample(
    COMPANIES.filter((c) => c.sector === sector && c.type === 'EQUITY'),
    r.int(3, 4),
  );
  const etf = COMPANIES.find((c) => c.sector === sector && c.type === 'ETF');
  const theme = pubTheme(ctx);
  const facts = names.map((company) => ({ company, f: fundamentalsFor(company, r) }));
  const lead = facts[0]!;

  const title = r.pick([
    `${capitalize(label)} roundup: ${list(names.slice(0, 3).map((n) => n.short))}`,
    `The week in ${label}: ${lead.company.short} leads, ${names[1]?.short ?? 'peers'} lags`,
    `${capitalize(label)} scorecard for ${ctx.quarter}`,
    `${names.length} things we learned in ${label} this week`,
    `${capitalize(label)}: where ${theme.label} meets earnings season`,
  ]);
  const subtitle = r.chance(0.75)
    ? r.pick([
        `Notes on ${list(names.map((n) => n.ticker))}`,
        `Who beat, who missed and what it means for the group`,
        `Plus our top pick in the sector`,
      ])
    : null;

  const etfMove = r.float(-6, 8);
  const noteOffset = r.int(0, 5);
  const intro = etf
    ? `${capitalize(label)} had a ${etfMove >= 0 ? 'good' : 'rough'} stretch: the ${etf.name} (${etf.ticker}) moved ${signedPct(etfMove)} over the past two weeks, ${etfMove >= 0 ? 'ahead of' : 'behind'} the S&P 500. Here is what stood out.`
    : `It was a busy stretch for ${label}, with ${names.length} of the companies we follow reporting or updating guidance. Here is what stood out.`;

  // Each paragraph reports the figure the summary later quotes for that company.
  const companyParas = facts.map(({ company, f }) => {
    const revenue = `revenue of ${billions(f.revenue)}, ${change(f.growth)}`;
    const move = `${f.moveAfterPrint >= 0 ? 'a gain' : 'a drop'} of ${pct(Math.abs(f.moveAfterPrint))} after ${r.pick(['its report', 'an investor day', 'a guidance update'])}`;
    const margin =
      company.sector === 'banks'
        ? `loan growth of ${pct(r.float(1, 7))}`
        : `operating margin of ${pct(f.operatingMargin)}`;
    return r.pick([
      () => ({
        fact: `${company.short} ${revenue}`,
        text: `${company.name} (${company.ticker}): ${revenue}, with ${r.pick(company.products)} the highlight. The stock trades at ${Math.round(f.forwardPe)}x forward earnings.`,
      }),
      () => ({
        fact: `${company.short}: ${move}`,
        text: `${company.short} ($${company.ticker}) saw ${move}. Management talked up ${r.pick(company.products)}, but the number that mattered was ${f.guide >= f.guideConsensus ? 'guidance above consensus' : 'guidance below consensus'}.`,
      }),
      () => ({
        fact: `${company.short}: ${margin}`,
        text: `At ${company.short} (${company.ticker}) the focus was ${r.pick(company.drivers)}. The quarter showed ${margin}, and the company flagged ${r.pick(SECTOR_RISKS[company.sector])} as the main risk.`,
      }),
    ])();
  });

  const calls: CallDraft[] = [];
  if (ctx.wantsCalls) {
    const chosen = r.sample(facts, r.chance(0.3) ? 2 : 1);
    for (const [i, { company, f }] of chosen.entries()) {
      const action =
        i === 0
          ? r.weightedKey({ RECOMMENDATION: 4, NEW_POSITION: 2, HOLD: 1 })
          : r.pick(['HOLD', 'RECOMMENDATION'] as const);
      calls.push(
        makeCall(
          {
            company,
            fundamentals: f,
            action,
            direction: 'LONG',
            rationale: r.chance(0.6) ? `${company.short} has the best mix of growth and valuation in ${label}` : null,
          },
          r,
        ),
      );
    }
  }
  const top = calls[0]?.company as Company | undefined;
  const risk = r.pick(SECTOR_RISKS[sector]);
  const verdict =
    calls.length > 0
      ? `${calls.length > 1 ? r.pick(['Our picks in the group:', 'Where we land:']) : r.pick(['Our top pick in the group:', 'If we had to own one name:', 'Where we land:'])} ${calls.map((c) => c.evidence).join(' ')}${top ? ` The reason is ${r.pick(top.products)}.` : ''}`
      : `No changes to our ratings in ${label} this week; we would rather see how guidance holds up.`;
  const closing = `${verdict} The risk for the whole group is ${risk}.`;

  const paragraphs = fitParagraphs(
    [
      { text: intro },
      // Consecutive notes for consecutive companies, so one roundup never repeats the same sentence pattern.
      ...companyParas.map((p, i) => ({
        text: `${p.text} ${sectorNoteAt(facts[i]!.company, facts[i]!.f, r, ctx.quarter, noteOffset + i)}`,
      })),
      { text: `The common thread is ${theme.label}. ${r.pick(theme.paragraphs)(scene(ctx, label))}` },
      { text: closing },
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
      thesis: `the ${label} group is ${etfMove >= 0 ? 'holding up well' : 'under pressure'}, with ${lead.company.short} the standout and ${theme.label} the common thread`,
      numbers: companyParas.slice(0, 3).map((p) => p.fact),
      risks: [risk],
    },
    tickers: names.map((n) => n.ticker),
    themes: [theme.id],
    sector,
  };
}
