import { earnings, type JudgedQuery, theme, ticker } from './query-types';

/** Queries that name an instrument: bare or decorated tickers, company names, and misspelled names. */
export const NAME_QUERIES: JudgedQuery[] = [
  // Tickers
  { id: 'ticker-nvda', q: 'NVDA', category: 'ticker', facets: [ticker('NVDA')] },
  {
    id: 'ticker-amd-guidance',
    q: '$AMD guidance',
    category: 'ticker',
    facets: [ticker('AMD')],
    note: 'every AMD post discusses its outlook',
  },
  { id: 'ticker-tsla', q: 'TSLA', category: 'ticker', facets: [ticker('TSLA')] },
  { id: 'ticker-avgo', q: 'AVGO', category: 'ticker', facets: [ticker('AVGO')] },
  { id: 'ticker-jpm-nii', q: 'JPM net interest income', category: 'ticker', facets: [ticker('JPM')] },
  {
    id: 'ticker-tlt',
    q: 'TLT',
    category: 'ticker',
    facets: [ticker('TLT')],
    note: 'the long-bond ETF macro notes recommend',
  },
  { id: 'ticker-gld', q: 'GLD', category: 'ticker', facets: [ticker('GLD')] },
  { id: 'ticker-nke', q: '$NKE', category: 'ticker', facets: [ticker('NKE')] },
  { id: 'ticker-coin', q: 'COIN stablecoin revenue', category: 'ticker', facets: [ticker('COIN')] },
  {
    id: 'ticker-meta-ai-capex',
    q: 'META AI capex',
    category: 'ticker',
    facets: [ticker('META'), theme('ai-capex')],
    note: 'two facets',
  },

  // Company names
  { id: 'company-micron-memory', q: 'Micron memory pricing', category: 'company', facets: [ticker('MU')] },
  { id: 'company-nvidia-blackwell', q: 'Nvidia Blackwell demand', category: 'company', facets: [ticker('NVDA')] },
  { id: 'company-broadcom-asics', q: 'Broadcom custom AI chips', category: 'company', facets: [ticker('AVGO')] },
  { id: 'company-lilly-zepbound', q: 'Eli Lilly Zepbound', category: 'company', facets: [ticker('LLY')] },
  { id: 'company-costco-membership', q: 'Costco membership fees', category: 'company', facets: [ticker('COST')] },
  { id: 'company-tesla-robotaxi', q: 'Tesla robotaxi', category: 'company', facets: [ticker('TSLA')] },
  { id: 'company-realty-income', q: 'Realty Income monthly dividend', category: 'company', facets: [ticker('O')] },
  { id: 'company-goldman-ib', q: 'Goldman Sachs investment banking', category: 'company', facets: [ticker('GS')] },
  { id: 'company-intel-foundry', q: 'Intel foundry', category: 'company', facets: [ticker('INTC')] },
  { id: 'company-nike-china', q: 'Nike China demand', category: 'company', facets: [ticker('NKE')] },

  // Misspellings: judged exactly as the correctly spelled query would be
  {
    id: 'typo-nvdia-earnings',
    q: 'nvdia earnings',
    category: 'misspelling',
    facets: [ticker('NVDA'), earnings],
    note: 'Nvidia + earnings qualifier',
  },
  { id: 'typo-micorn', q: 'micorn', category: 'misspelling', facets: [ticker('MU')] },
  { id: 'typo-brodcom', q: 'brodcom', category: 'misspelling', facets: [ticker('AVGO')] },
  { id: 'typo-palantr', q: 'palantr', category: 'misspelling', facets: [ticker('PLTR')] },
  { id: 'typo-eli-lily', q: 'eli lily obesity drugs', category: 'misspelling', facets: [ticker('LLY')] },
  { id: 'typo-starbucks', q: 'starbuks traffic', category: 'misspelling', facets: [ticker('SBUX')] },
  { id: 'typo-coinbase', q: 'coinbse', category: 'misspelling', facets: [ticker('COIN')] },
  { id: 'typo-inflation', q: 'infaltion', category: 'misspelling', facets: [theme('cpi-inflation')] },
  { id: 'typo-treasury-yields', q: 'treasury yeilds', category: 'misspelling', facets: [theme('treasury-yields')] },
  { id: 'typo-private-credit', q: 'privte credit', category: 'misspelling', facets: [theme('private-credit')] },
];
