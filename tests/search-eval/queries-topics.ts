import { type JudgedQuery, sector, theme, ticker } from './query-types';

/** Queries about macro themes, natural-language questions and whole sectors. */
export const TOPIC_QUERIES: JudgedQuery[] = [
  // Themes
  { id: 'theme-private-credit', q: 'private credit risks', category: 'theme', facets: [theme('private-credit')] },
  { id: 'theme-yen-carry', q: 'yen carry trade unwind', category: 'theme', facets: [theme('yen-carry-trade')] },
  { id: 'theme-oil-opec', q: 'oil OPEC supply', category: 'theme', facets: [theme('oil-opec')] },
  { id: 'theme-ai-capex', q: 'AI capex hyperscalers', category: 'theme', facets: [theme('ai-capex')] },
  { id: 'theme-bitcoin-etfs', q: 'bitcoin ETF flows', category: 'theme', facets: [theme('bitcoin-etfs')] },
  { id: 'theme-gold', q: 'gold central bank buying', category: 'theme', facets: [theme('gold')] },
  { id: 'theme-china', q: 'China stimulus', category: 'theme', facets: [theme('china-stimulus')] },
  { id: 'theme-ipo', q: 'IPO market', category: 'theme', facets: [theme('ipo-market')] },
  { id: 'theme-credit-spreads', q: 'high yield credit spreads', category: 'theme', facets: [theme('credit-spreads')] },
  { id: 'theme-housing', q: 'mortgage rates and housing', category: 'theme', facets: [theme('housing')] },
  { id: 'theme-payrolls', q: 'nonfarm payrolls', category: 'theme', facets: [theme('jobs-report')] },
  { id: 'theme-tariffs', q: 'tariffs and supply chains', category: 'theme', facets: [theme('tariffs')] },
  { id: 'theme-european-banks', q: 'European banks', category: 'theme', facets: [theme('european-banks')] },
  { id: 'theme-buybacks', q: 'share buybacks', category: 'theme', facets: [theme('buybacks')] },
  {
    id: 'theme-em',
    q: 'emerging markets equities',
    category: 'theme',
    facets: [theme('emerging-markets'), sector('emerging_markets')],
    match: 'any',
    note: 'both a macro theme and a sector of the corpus; either makes a post relevant',
  },
  { id: 'theme-dollar', q: 'dollar index DXY', category: 'theme', facets: [theme('us-dollar')] },

  // Questions: judged by the topic they ask about
  {
    id: 'question-fed-december',
    q: 'is the Fed going to cut rates in December?',
    category: 'question',
    facets: [theme('fed-rate-cuts')],
    note: '"in December" names the meeting asked about, not a publication window',
  },
  {
    id: 'question-broadcom-ai',
    q: "what do analysts think about Broadcom's AI revenue",
    category: 'question',
    facets: [ticker('AVGO')],
    note: "custom AI ASICs are Broadcom's own product line, not a separate ground-truth facet",
  },
  { id: 'question-opec-cut', q: 'will OPEC cut production again?', category: 'question', facets: [theme('oil-opec')] },
  { id: 'question-recession', q: 'is a recession coming?', category: 'question', facets: [theme('recession-risk')] },
  { id: 'question-gold-up', q: 'why is gold going up', category: 'question', facets: [theme('gold')] },
  {
    id: 'question-private-credit',
    q: 'should I worry about private credit defaults',
    category: 'question',
    facets: [theme('private-credit')],
  },
  {
    id: 'question-tariffs-retail',
    q: "how are tariffs hitting retailers' margins",
    category: 'question',
    facets: [theme('tariffs'), sector('consumer')],
    note: 'two facets: tariffs, and consumer companies (retailers)',
  },
  {
    id: 'question-nvidia-outlook',
    q: "what is Nvidia's outlook for data center GPUs",
    category: 'question',
    facets: [ticker('NVDA')],
  },
  {
    id: 'question-eu-banks-cheap',
    q: 'are European bank stocks still cheap?',
    category: 'question',
    facets: [theme('european-banks')],
  },
  {
    id: 'question-sticky-inflation',
    q: 'is inflation still sticky',
    category: 'question',
    facets: [theme('cpi-inflation')],
  },

  // Sectors
  { id: 'sector-semis', q: 'semiconductor stocks', category: 'sector', facets: [sector('semis')] },
  {
    id: 'sector-reit-dividends',
    q: 'REIT dividends',
    category: 'sector',
    facets: [sector('reits')],
    note: 'REIT coverage discusses payouts throughout; the ground truth does not track dividends separately',
  },
  { id: 'sector-banks', q: 'bank stocks', category: 'sector', facets: [sector('banks')] },
  { id: 'sector-biotech', q: 'biotech stocks', category: 'sector', facets: [sector('biotech')] },
  { id: 'sector-energy', q: 'energy sector', category: 'sector', facets: [sector('energy')] },
  { id: 'sector-defense', q: 'defense stocks', category: 'sector', facets: [sector('defense')] },
  { id: 'sector-software', q: 'software stocks', category: 'sector', facets: [sector('software')] },
  { id: 'sector-payments', q: 'payments companies', category: 'sector', facets: [sector('payments')] },
  { id: 'sector-clean-energy', q: 'clean energy stocks', category: 'sector', facets: [sector('clean_energy')] },
];
