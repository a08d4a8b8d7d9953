import type { Sector } from './companies';
import type { Platform, PostKind, SourceKind } from './types';

export { COMPANIES, SECTOR_LABELS, company, companiesIn, equitiesIn } from './companies';
export type { Company, Sector } from './companies';
export { THEMES, theme } from './themes';
export type { Theme } from './themes';

/**
 * The fictional publications of the demo catalogue. Static on purpose: ids, sync times and contributor names are
 * drawn from the seed by generate.ts, but who writes about what stays fixed so search results are explainable.
 */
export interface PublicationSpec {
  slug: string;
  title: string;
  description: string;
  sourceKind: SourceKind;
  platform: Platform | null;
  feedUrl: string | null;
  inboundEmail: string | null;
  language: string;
  authorName: string | null;
  authorEmail: string | null;
  /** "{year}" is replaced with the UTC year of `now`. */
  copyright: string | null;
  isScoped: boolean;
  /** Minutes before `now` of the last successful sync; null = never synced (and so no posts yet). */
  syncedMinutesAgo: number | null;
  sectors: Sector[];
  themes: string[];
  kinds: Partial<Record<PostKind, number>>;
  /** Relative posting frequency; a publication with cadence 4 posts about twice as often as one with 2. */
  cadence: number;
  /** Share of posts with a stored price and the prices used; the rest fall back to the default post price. */
  pricing: { share: number; cents: number[] };
  /** How many occasional contributors (seeded fake names) write besides the author. */
  contributors: number;
}

const ESSAYS: Partial<Record<PostKind, number>> = { deep_dive: 0.4, earnings_review: 0.3, sector_roundup: 0.15, portfolio_update: 0.1, macro_note: 0.05 };

export const PUBLICATIONS: readonly PublicationSpec[] = [
  {
    slug: 'compoundingledger.substack.com', title: 'Compounding Ledger',
    description: 'Long-form research on quality compounders in software, internet platforms and payments, with a public model portfolio.',
    sourceKind: 'newsletter_platform', platform: 'substack', feedUrl: 'https://compoundingledger.substack.com/feed', inboundEmail: null,
    language: 'en', authorName: 'Marcus Ellery', authorEmail: 'marcus@compoundingledger.com', copyright: '© {year} Compounding Ledger LLC',
    isScoped: true, syncedMinutesAgo: 12, sectors: ['software', 'internet', 'payments', 'consumer'], themes: ['buybacks', 'ai-capex'],
    kinds: { deep_dive: 0.45, earnings_review: 0.25, portfolio_update: 0.2, sector_roundup: 0.1 }, cadence: 3,
    pricing: { share: 0.25, cents: [50, 75, 100] }, contributors: 1,
  },
  {
    slug: 'macrotide.beehiiv.com', title: 'Macro Tide',
    description: 'Rates, inflation, currencies and the Fed, explained before the open three times a week.',
    sourceKind: 'newsletter_platform', platform: 'beehiiv', feedUrl: 'https://rss.beehiiv.com/feeds/macrotide.xml', inboundEmail: null,
    language: 'en-US', authorName: 'Priya Raman', authorEmail: 'priya@macrotide.com', copyright: '© {year} Macro Tide LLC',
    isScoped: true, syncedMinutesAgo: 4, sectors: ['macro_assets', 'banks', 'reits'],
    themes: ['fed-rate-cuts', 'cpi-inflation', 'treasury-yields', 'us-dollar', 'jobs-report', 'recession-risk', 'yen-carry-trade', 'gold'],
    kinds: { macro_note: 0.8, sector_roundup: 0.1, portfolio_update: 0.1 }, cadence: 5,
    pricing: { share: 0, cents: [] }, contributors: 2,
  },
  {
    slug: 'semisweekly.com', title: 'Semis Weekly',
    description: 'Semiconductor earnings, supply chains and the AI accelerator race, every week.',
    sourceKind: 'newsletter_platform', platform: 'ghost', feedUrl: 'https://semisweekly.com/rss/', inboundEmail: null,
    language: 'en', authorName: 'Kenji Watanabe', authorEmail: 'kenji@semisweekly.com', copyright: '© {year} Semis Weekly',
    isScoped: true, syncedMinutesAgo: 27, sectors: ['semis'], themes: ['ai-capex', 'tariffs', 'yen-carry-trade'],
    kinds: { deep_dive: 0.35, earnings_review: 0.35, sector_roundup: 0.2, portfolio_update: 0.1 }, cadence: 3,
    pricing: { share: 0.3, cents: [25, 50, 75] }, contributors: 2,
  },
  {
    slug: 'thetaharvest.beehiiv.com', title: 'Theta Harvest',
    description: 'Defined-risk options trade ideas on liquid US stocks and ETFs, with strikes, expiries and exits.',
    sourceKind: 'newsletter_platform', platform: 'beehiiv', feedUrl: 'https://rss.beehiiv.com/feeds/thetaharvest.xml', inboundEmail: null,
    language: 'en-US', authorName: 'Luis Carvalho', authorEmail: null, copyright: '© {year} Theta Harvest Media',
    isScoped: false, syncedMinutesAgo: 38, sectors: ['semis', 'internet', 'software', 'consumer', 'macro_assets'], themes: ['fed-rate-cuts', 'cpi-inflation'],
    kinds: { options_idea: 0.8, macro_note: 0.1, portfolio_update: 0.1 }, cadence: 4,
    pricing: { share: 0.2, cents: [15, 20, 25] }, contributors: 0,
  },
  {
    slug: 'yieldcurvenotes.com', title: 'Yield Curve Notes',
    description: 'A bond market blog on Treasuries, credit spreads and the plumbing of the financial system.',
    sourceKind: 'rss', platform: null, feedUrl: 'https://yieldcurvenotes.com/feed.xml', inboundEmail: null,
    language: 'en-US', authorName: 'Harriet Lowe', authorEmail: null, copyright: null,
    isScoped: false, syncedMinutesAgo: 95, sectors: ['banks', 'reits', 'macro_assets'],
    themes: ['treasury-yields', 'fed-rate-cuts', 'credit-spreads', 'cpi-inflation', 'housing', 'private-credit'],
    kinds: { macro_note: 0.9, sector_roundup: 0.1 }, cadence: 2, pricing: { share: 0, cents: [] }, contributors: 0,
  },
  {
    slug: 'gridandbarrel.substack.com', title: 'Grid & Barrel',
    description: 'Oil, gas, utilities and the energy transition, with an eye on what the AI power buildout needs.',
    sourceKind: 'newsletter_platform', platform: 'substack', feedUrl: 'https://gridandbarrel.substack.com/feed', inboundEmail: null,
    language: 'en', authorName: 'Tom Brannigan', authorEmail: 'tom@gridandbarrel.com', copyright: '© {year} Grid & Barrel',
    isScoped: false, syncedMinutesAgo: 51, sectors: ['energy', 'clean_energy', 'industrials'], themes: ['oil-opec', 'ai-capex', 'tariffs'],
    kinds: { deep_dive: 0.3, earnings_review: 0.3, macro_note: 0.2, sector_roundup: 0.2 }, cadence: 2,
    pricing: { share: 0.15, cents: [50, 75] }, contributors: 1,
  },
  {
    slug: 'pipelineandpatents.ghost.io', title: 'Pipeline & Patents',
    description: 'Drug pipelines, clinical readouts and patent cliffs across large-cap pharma, biotech and medtech.',
    sourceKind: 'newsletter_platform', platform: 'ghost', feedUrl: 'https://pipelineandpatents.ghost.io/rss/', inboundEmail: null,
    language: 'en-US', authorName: 'Dr. Elena Marsh', authorEmail: 'elena@pipelineandpatents.com', copyright: '© {year} Pipeline & Patents',
    isScoped: true, syncedMinutesAgo: 18, sectors: ['biotech', 'healthcare'], themes: ['tariffs', 'ipo-market'],
    kinds: { deep_dive: 0.4, earnings_review: 0.35, sector_roundup: 0.25 }, cadence: 2,
    pricing: { share: 0.15, cents: [100, 150, 250] }, contributors: 2,
  },
  {
    slug: 'netinterestnotes.com', title: 'Net Interest Notes',
    description: 'Banks, payments and private credit: how money moves and who earns the spread.',
    sourceKind: 'rss', platform: null, feedUrl: 'https://netinterestnotes.com/feed/', inboundEmail: null,
    language: 'en-GB', authorName: 'Oliver Grant', authorEmail: 'oliver@netinterestnotes.com', copyright: '© {year} Net Interest Notes Ltd',
    isScoped: true, syncedMinutesAgo: 9, sectors: ['banks', 'payments'],
    themes: ['private-credit', 'credit-spreads', 'european-banks', 'ipo-market', 'fed-rate-cuts', 'bitcoin-etfs'],
    kinds: { deep_dive: 0.3, earnings_review: 0.3, macro_note: 0.25, sector_roundup: 0.15 }, cadence: 2,
    pricing: { share: 0, cents: [] }, contributors: 1,
  },
  {
    slug: 'capexcycle.fm', title: 'The Capex Cycle',
    description: 'A weekly interview podcast with investors and operators on AI infrastructure, chips and industrial power.',
    sourceKind: 'podcast', platform: null, feedUrl: 'https://feeds.capexcycle.fm/podcast.xml', inboundEmail: null,
    language: 'en', authorName: 'Dana Whitfield', authorEmail: 'producer@capexcycle.fm', copyright: '© {year} Capex Cycle Media',
    isScoped: true, syncedMinutesAgo: 44, sectors: ['semis', 'industrials', 'internet', 'software'], themes: ['ai-capex', 'tariffs'],
    kinds: { podcast_episode: 1 }, cadence: 1.5, pricing: { share: 0.1, cents: [50, 100] }, contributors: 0,
  },
  {
    slug: 'basispoints.fm', title: 'Basis Points',
    description: 'Conversations about rates, credit and the global macro picture with the people who trade it.',
    sourceKind: 'podcast', platform: null, feedUrl: 'https://basispoints.fm/feed.xml', inboundEmail: null,
    language: 'en-US', authorName: 'Sam Okonkwo', authorEmail: null, copyright: null,
    isScoped: false, syncedMinutesAgo: 170, sectors: ['macro_assets', 'banks', 'emerging_markets'],
    themes: ['fed-rate-cuts', 'treasury-yields', 'private-credit', 'credit-spreads', 'us-dollar', 'recession-risk', 'gold', 'china-stimulus'],
    kinds: { podcast_episode: 1 }, cadence: 1.2, pricing: { share: 0, cents: [] }, contributors: 0,
  },
  {
    slug: 'smallcapsignal.com', title: 'Small Cap Signal',
    description: 'Under-followed small and mid caps with real earnings, delivered by e-mail every Tuesday and Friday.',
    sourceKind: 'email', platform: null, feedUrl: null, inboundEmail: 'smallcapsignal@inbound.example.com',
    language: 'en-US', authorName: 'Rebecca Stroud', authorEmail: 'rebecca@smallcapsignal.com', copyright: '© {year} Small Cap Signal Inc.',
    isScoped: false, syncedMinutesAgo: 63, sectors: ['small_caps', 'consumer', 'industrials'], themes: ['fed-rate-cuts', 'tariffs'],
    kinds: { deep_dive: 0.4, portfolio_update: 0.3, earnings_review: 0.3 }, cadence: 1.5,
    pricing: { share: 0.4, cents: [50, 75, 100] }, contributors: 0,
  },
  {
    slug: 'frontiercompass.co.uk', title: 'Frontier Compass',
    description: 'Emerging and frontier markets from London: China, India, Latin America and the dollar cycle.',
    sourceKind: 'email', platform: null, feedUrl: null, inboundEmail: 'frontiercompass@inbound.example.com',
    language: 'en-GB', authorName: 'James Achterberg', authorEmail: null, copyright: '© {year} Frontier Compass Ltd',
    isScoped: false, syncedMinutesAgo: 420, sectors: ['emerging_markets'], themes: ['emerging-markets', 'china-stimulus', 'us-dollar', 'tariffs'],
    kinds: { macro_note: 0.5, deep_dive: 0.3, sector_roundup: 0.2 }, cadence: 1, pricing: { share: 0, cents: [] }, contributors: 0,
  },
  {
    slug: 'hardassetsreview.com', title: 'Hard Assets Review',
    description: 'Industrials, defense contractors, gold and oil: the real economy end of the market.',
    sourceKind: 'rss', platform: null, feedUrl: 'https://hardassetsreview.com/atom.xml', inboundEmail: null,
    language: 'en', authorName: 'Gordon Pike', authorEmail: 'editor@hardassetsreview.com', copyright: '© {year} Hard Assets Review',
    isScoped: false, syncedMinutesAgo: 22, sectors: ['industrials', 'defense', 'energy'], themes: ['gold', 'oil-opec', 'tariffs', 'ai-capex'],
    kinds: { deep_dive: 0.3, macro_note: 0.3, sector_roundup: 0.2, earnings_review: 0.2 }, cadence: 1.5,
    pricing: { share: 0, cents: [] }, contributors: 1,
  },
  {
    slug: 'reitrundown.substack.com', title: 'REIT Rundown',
    description: 'Income investing in listed real estate: data centers, towers, warehouses and net lease.',
    sourceKind: 'newsletter_platform', platform: 'substack', feedUrl: 'https://reitrundown.substack.com/feed', inboundEmail: null,
    language: 'en-US', authorName: 'Caroline Voss', authorEmail: null, copyright: null,
    isScoped: false, syncedMinutesAgo: 140, sectors: ['reits'], themes: ['treasury-yields', 'housing', 'fed-rate-cuts'],
    kinds: { deep_dive: 0.35, earnings_review: 0.35, sector_roundup: 0.2, macro_note: 0.1 }, cadence: 1.5,
    pricing: { share: 0.2, cents: [20, 25, 50] }, contributors: 0,
  },
  {
    slug: 'consumertape.com', title: 'Consumer Tape',
    description: 'Retail, restaurants and brands: what the consumer is buying and which stocks it moves.',
    sourceKind: 'newsletter_platform', platform: 'ghost', feedUrl: 'https://consumertape.com/rss/', inboundEmail: null,
    language: 'en-US', authorName: 'Nadia Brooks', authorEmail: 'nadia@consumertape.com', copyright: '© {year} Consumer Tape Media',
    isScoped: false, syncedMinutesAgo: 31, sectors: ['consumer'], themes: ['tariffs', 'jobs-report', 'cpi-inflation'],
    kinds: ESSAYS, cadence: 2, pricing: { share: 0.1, cents: [25, 50] }, contributors: 1,
  },
  {
    slug: 'rheinkapital.substack.com', title: 'Rhein Kapital Notes',
    description: 'European banks, chip equipment and industrial exporters, written in English from Frankfurt.',
    sourceKind: 'newsletter_platform', platform: 'substack', feedUrl: 'https://rheinkapital.substack.com/feed', inboundEmail: null,
    language: 'de', authorName: 'Friedrich Adler', authorEmail: 'friedrich@rheinkapital.de', copyright: null,
    isScoped: false, syncedMinutesAgo: 75, sectors: ['banks', 'semis', 'industrials'], themes: ['european-banks', 'us-dollar', 'tariffs'],
    kinds: { deep_dive: 0.35, macro_note: 0.35, earnings_review: 0.3 }, cadence: 1, pricing: { share: 0.1, cents: [50] }, contributors: 0,
  },
  {
    slug: 'blockheight.beehiiv.com', title: 'Block Height Brief',
    description: 'Bitcoin ETFs, stablecoins and the listed companies building crypto rails.',
    sourceKind: 'newsletter_platform', platform: 'beehiiv', feedUrl: 'https://rss.beehiiv.com/feeds/blockheight.xml', inboundEmail: null,
    language: 'en', authorName: null, authorEmail: null, copyright: '© {year} Block Height Media',
    isScoped: false, syncedMinutesAgo: 16, sectors: ['payments', 'macro_assets'], themes: ['bitcoin-etfs', 'gold', 'fed-rate-cuts'],
    kinds: { macro_note: 0.45, deep_dive: 0.3, portfolio_update: 0.25 }, cadence: 2, pricing: { share: 0, cents: [] }, contributors: 3,
  },
  {
    slug: 'defensedispatch.net', title: 'Defense Dispatch',
    description: 'Budgets, backlogs and programs at the listed defense primes.',
    sourceKind: 'rss', platform: null, feedUrl: 'https://defensedispatch.net/feed.xml', inboundEmail: null,
    language: 'en-US', authorName: 'Ray Castellano', authorEmail: null, copyright: null,
    // Added to the catalogue but never synced yet: it has no posts, as a real new publication would.
    isScoped: false, syncedMinutesAgo: null, sectors: ['defense'], themes: [],
    kinds: ESSAYS, cadence: 0, pricing: { share: 0, cents: [] }, contributors: 0,
  },
];
