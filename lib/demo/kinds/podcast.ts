import { type CallDraft, convictionFor } from '@/lib/demo/calls';
import { COMPANIES, type Company, company } from '@/lib/demo/companies';
import { fundamentalsFor } from '@/lib/demo/market';
import { capitalize, list, price } from '@/lib/demo/text';
import type { Theme } from '@/lib/demo/themes';
import type { PickAction, PickDirection } from '@/lib/demo/types';
import { SECTOR_LABELS } from '@/lib/reference/sectors';
import { type Draft, fitParagraphs, mainEquity, type PostContext, pubTheme, scene } from './context';
import { episodeQuote, guestBio } from './extras';
import { sectorNote } from './sector-notes';

const FIRM_FIRST = [
  'Ridgeline',
  'Northfield',
  'Cedar Bay',
  'Aldwych',
  'Granite Peak',
  'Bluewater',
  'Halyard',
  'Ironbridge',
  'Kestrel',
  'Meridian Row',
  'Oakmont',
  'Tidewater',
  'Fieldstone',
  'Larkspur',
  'Harbor Point',
];
const FIRM_LAST = ['Capital', 'Partners', 'Asset Management', 'Advisors', 'Research', 'Investments'];
const ROLES = [
  'portfolio manager',
  'chief investment officer',
  'founder and CIO',
  'head of research',
  'senior analyst',
  'macro strategist',
  'credit portfolio manager',
];

function stamp(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * A podcast episode's show notes: an interview with a guest (who is credited as the author and makes the calls), the
 * topics with timestamps, the key points and the guest's picks. Some episodes are solo "mailbag" shows without calls.
 */
export function podcastEpisode(ctx: PostContext, episode: number): Draft {
  const r = ctx.rng;
  const host = ctx.pub.authorName ?? ctx.pub.title;
  const solo = !ctx.wantsCalls && r.chance(0.4);
  const guest = r.personName();
  const guestFirst = guest.split(' ')[0] ?? guest;
  const firm = `${r.pick(FIRM_FIRST)} ${r.pick(FIRM_LAST)}`;
  const role = r.pick(ROLES);
  // Macro podcasts interview on a theme; sector podcasts on a company and its industry.
  const macroShow = ctx.pub.sectors[0] === 'macro_assets';
  const t: Theme = pubTheme(ctx);
  const focus: Company = macroShow ? company(r.pick(t.trades).ticker) : mainEquity(ctx);
  const f = fundamentalsFor(focus, r);
  const sectorLabel = SECTOR_LABELS[focus.sector];
  const sc = scene(ctx, sectorLabel);
  const topic = macroShow
    ? t.label
    : r.pick([
        `${focus.short} and ${r.pick(focus.products)}`,
        `the ${sectorLabel} cycle`,
        t.label,
        `${focus.short} and ${r.pick(focus.drivers)}`,
      ]);

  const title = solo
    ? r.pick([
        `Ep. ${episode}: Mailbag on ${topic}`,
        `Ep. ${episode}: ${host.split(' ')[0]} answers your questions on ${topic}`,
      ])
    : r.pick([
        `Ep. ${episode}: ${guest} on ${topic}`,
        `${episode}. ${capitalize(topic)} with ${guest}`,
        `Ep. ${episode} | ${guest} (${firm}): ${r.pick(['what the market is missing about', 'the bull case for', 'the risks in', 'a field guide to'])} ${topic}`,
      ]);
  const subtitle = r.chance(0.7)
    ? solo
      ? `Listener questions, answered`
      : `${guest}, ${role} at ${firm}, joins ${host}`
    : null;

  const intro = solo
    ? `In this solo episode, ${host} works through listener questions on ${topic}, from position sizing to what the latest data actually say.`
    : `In this episode, ${host} talks with ${guest}, ${role} at ${firm}, about ${topic}. ${guestFirst} ${r.pick(['has covered the space for more than fifteen years', 'runs a concentrated long-biased fund', 'spent a decade on the sell side before starting the firm', 'manages money for endowments and family offices'])}, and brings a view that is ${r.pick(['more contrarian than most', 'grounded in channel checks', 'built on the numbers rather than the narrative'])}.`;
  const marks = [0, r.int(90, 240), r.int(600, 1100), r.int(1300, 2000), r.int(2200, 3000)];
  const topics = [
    'Introduction',
    macroShow ? `Why ${t.keywords[0]} matters now` : `How ${focus.short} makes money from ${r.pick(focus.products)}`,
    macroShow ? `What ${t.keywords[1] ?? t.label} is signalling` : `The ${sectorLabel} cycle and where we are in it`,
    `Risks: ${t.risk}`,
    solo ? 'Listener questions' : `${guestFirst}'s picks`,
  ];
  const chapters = `Chapters: ${topics.map((label, i) => `(${stamp(marks[i] ?? 0)}) ${label}`).join(' ')}`;
  const mailbag = `The first question comes from a listener who asks whether ${t.keywords[0]} is already priced in. ${host.split(' ')[0]}'s answer: partly, but ${r.pick(['the market tends to price the direction, not the magnitude', 'positioning data suggest most investors are still underweight', 'the second-order effects are not priced at all'])}. Another listener asks about ${focus.short} (${focus.ticker}) and ${r.pick(focus.drivers)}, which gets a longer answer below.`;
  const keyPoint = macroShow ? r.pick(t.paragraphs)(sc) : sectorNote(focus, f, r, ctx.quarter);
  const secondPoint = r.pick(t.paragraphs)(sc);

  const calls: CallDraft[] = [];
  if (ctx.wantsCalls) {
    const picks: Company[] = [focus];
    if (r.chance(0.35)) {
      const extra = r.pick(
        COMPANIES.filter((c) => c.type === 'EQUITY' && ctx.pub.sectors.includes(c.sector) && c !== focus),
      );
      picks.push(extra);
    }
    for (const c of picks) {
      const fx = c === focus ? f : fundamentalsFor(c, r);
      const direction: PickDirection =
        c === focus && macroShow
          ? (t.trades.find((x) => x.ticker === c.ticker)?.direction ?? 'LONG')
          : r.chance(0.1)
            ? 'SHORT'
            : 'LONG';
      const ref = c.type === 'ETF' ? `${c.name} (${c.ticker})` : `${c.short} (${c.ticker})`;
      const options: [PickAction, string][] =
        direction === 'SHORT'
          ? [
              [
                'NEW_POSITION',
                `${guestFirst} is short ${ref}, arguing the market is too optimistic about ${r.pick(c.drivers)}.`,
              ],
              ['HOLD', `${guestFirst} has been short ${ref} for months and is staying short.`],
            ]
          : [
              [
                'RECOMMENDATION',
                `${guestFirst}'s pick for the next twelve months is ${ref}, a buy below ${price(fx.price * 1.02)}.`,
              ],
              ['ADD', `${guestFirst} is long ${ref} and has been adding on weakness.`],
              ['NEW_POSITION', `${guestFirst} recently started a position in ${ref} at around ${price(fx.price)}.`],
              ['HOLD', `${guestFirst} still owns ${ref} and has no plans to sell.`],
            ];
      const [action, evidence] = r.pick(options);
      calls.push({
        company: c,
        instrumentType: c.type,
        action,
        direction,
        conviction: convictionFor(action, r),
        evidence,
        rationale: r.chance(0.6)
          ? `${guestFirst} expects ${r.pick(c.drivers)} to surprise to the ${direction === 'LONG' ? 'upside' : 'downside'}`
          : null,
      });
    }
  }
  const picksPara =
    calls.length > 0
      ? `${calls.map((c) => c.evidence).join(' ')} ${r.pick(["As always, these are the guest's views, not advice.", 'Positions are disclosed as of the recording date.'])}`
      : solo
        ? `No picks this week. ${host.split(' ')[0]} explains why sitting still is sometimes the best trade.`
        : `${guestFirst} did not name specific positions this time, but explained how ${firm} sizes positions and thinks about ${t.keywords[0]}.`;
  const links = r.chance(0.6)
    ? `Links: ${firm} quarterly letters, the full transcript on the episode page, and our earlier episodes on ${list(r.sample(t.keywords, 2))}.`
    : null;

  const paragraphs = fitParagraphs(
    [
      { text: intro },
      { text: solo ? mailbag : guestBio(r, guest, firm, role) },
      { text: chapters },
      { text: `Key point${macroShow ? '' : ` on ${focus.short} (${focus.ticker})`}: ${keyPoint}` },
      { text: `${solo ? 'Also discussed' : `${guestFirst} also discussed ${t.label}`}: ${secondPoint}` },
      { text: episodeQuote(r, solo ? host : guest, topic) },
      { text: picksPara },
      ...(links ? [{ text: links, optional: true }] : []),
    ],
    r,
  );
  const speaker = solo ? host : guest;
  return {
    title,
    subtitle,
    paragraphs,
    calls,
    summary: {
      thesis: `${macroShow || r.chance(0.5) ? t.thesis(sc) : `${focus.short} (${focus.ticker}) is well placed in the ${sectorLabel} cycle`}, according to ${speaker}`,
      numbers: [],
      risks: [t.risk],
    },
    tickers: [focus.ticker, ...calls.map((c) => c.company.ticker)].filter((x, i, all) => all.indexOf(x) === i),
    themes: [t.id],
    sector: focus.sector === 'macro_assets' ? null : focus.sector,
    byline: solo ? host : guest,
  };
}
