import type { Grade } from '@/tests/search-eval/metrics';

/**
 * Hand-judged queries over The Ledger Letter (ledger-letter.xml: twelve long newsletter posts written for this
 * evaluation, with quotes, tables, disclaimers and footers), for the hard cases the demo generator never produces:
 * known items by exact title and by a distinctive sentence, numbers and percentages, tickers and share classes,
 * accented and non-Latin names, and time phrases. Posts are named by their guid's tail (`ledger-<id>`); grade 2 is the
 * post the query is about, grade 1 a post a reader would also accept.
 */
export const NEWSLETTER_NOW = new Date('2026-11-20T15:00:00.000Z');

export type NewsletterCategory = 'title' | 'sentence' | 'number' | 'ticker' | 'accent' | 'script' | 'time';

export interface NewsletterQuery {
  id: string;
  category: NewsletterCategory;
  q: string;
  relevant: Record<string, Grade>;
}

const TITLES: Array<[string, string]> = [
  ['nestle-pricing-power', "Nestlé's pricing power meets the volume test"],
  ['societe-generale-capital-return', 'Société Générale: the capital return nobody priced in'],
  ['q3-portfolio-update-minus-0-3', 'Q3 portfolio update: -0.3% vs the S&P 500 +0.2%'],
  ['q3-portfolio-update-plus-1-4', 'Q3 portfolio update: +1.4% vs the S&P 500 +0.9%'],
  ['brk-b-after-the-letter', 'BRK.B after the annual letter: float, buybacks and the 2026 cash pile'],
  ['fy2026-guidance-season', 'FY2026 guidance season: who raised, who blinked'],
  ['muller-german-dairy', 'Müller and the German dairy squeeze'],
  ['nintendo-switch-yen', '任天堂 (7974.T): Switch 2 and the yen'],
  ['visa-cross-border-travel', 'Visa (V): why cross-border travel changes the math'],
  ['november-tariffs-check-in', 'November check-in on tariffs and trade policy'],
  ['october-tariffs-check-in', 'October check-in on tariffs and trade policy'],
  ['byd-price-war', 'BYD 比亚迪 and the price war in Chinese EVs'],
];

export const NEWSLETTER_QUERIES: NewsletterQuery[] = [
  // Every post by its exact title: the one post is the answer.
  ...TITLES.map(([id, title]) => ({
    id: `title-${id}`,
    category: 'title' as const,
    q: title,
    relevant: { [id]: 2 as Grade },
  })),
  // ... and by a sentence only its body contains.
  {
    id: 'sentence-nespresso',
    category: 'sentence',
    q: 'Nespresso is the canary in this coal mine',
    relevant: { 'nestle-pricing-power': 2 },
  },
  {
    id: 'sentence-excess-capital',
    category: 'sentence',
    q: 'The excess capital belongs to our shareholders, not to our next acquisition',
    relevant: { 'societe-generale-capital-return': 2 },
  },
  {
    id: 'sentence-cash-weight',
    category: 'sentence',
    q: 'our cash weight cost us about 40 basis points of relative return',
    relevant: { 'q3-portfolio-update-minus-0-3': 2 },
  },
  {
    id: 'sentence-float',
    category: 'sentence',
    q: 'the cheapest leverage in American business',
    relevant: { 'brk-b-after-the-letter': 2 },
  },
  {
    id: 'sentence-discounters',
    category: 'sentence',
    q: 'Every cent we save on milk, the discounters want by Friday',
    relevant: { 'muller-german-dairy': 2 },
  },
  {
    id: 'sentence-attrition',
    category: 'sentence',
    q: 'win a war of attrition that it also started',
    relevant: { 'byd-price-war': 2 },
  },
  // Numbers, percentages and fiscal periods.
  {
    id: 'number-minus-0-3',
    category: 'number',
    q: 'portfolio -0.3%',
    relevant: { 'q3-portfolio-update-minus-0-3': 2 },
  },
  { id: 'number-plus-1-4', category: 'number', q: 'portfolio +1.4%', relevant: { 'q3-portfolio-update-plus-1-4': 2 } },
  { id: 'number-cet1', category: 'number', q: 'CET1 13.2%', relevant: { 'societe-generale-capital-return': 2 } },
  { id: 'number-fy2026', category: 'number', q: 'FY2026 guidance', relevant: { 'fy2026-guidance-season': 2 } },
  { id: 'number-switch-units', category: 'number', q: '10.4 million Switch 2', relevant: { 'nintendo-switch-yen': 2 } },
  // Tickers and share classes.
  {
    id: 'ticker-brk-b',
    category: 'ticker',
    q: 'BRK.B',
    relevant: { 'brk-b-after-the-letter': 2, 'q3-portfolio-update-minus-0-3': 1 },
  },
  { id: 'ticker-7974', category: 'ticker', q: '7974.T', relevant: { 'nintendo-switch-yen': 2 } },
  { id: 'ticker-1211', category: 'ticker', q: '1211.HK', relevant: { 'byd-price-war': 2 } },
  { id: 'ticker-gle', category: 'ticker', q: 'GLE', relevant: { 'societe-generale-capital-return': 2 } },
  {
    id: 'ticker-visa',
    category: 'ticker',
    q: 'Visa V cross-border',
    relevant: { 'visa-cross-border-travel': 2, 'fy2026-guidance-season': 1 },
  },
  // Accented names, typed with and without their accents.
  {
    id: 'accent-nestle-plain',
    category: 'accent',
    q: 'Nestle',
    relevant: { 'nestle-pricing-power': 2, 'q3-portfolio-update-minus-0-3': 1 },
  },
  { id: 'accent-nestle', category: 'accent', q: 'Nestlé coffee', relevant: { 'nestle-pricing-power': 2 } },
  {
    id: 'accent-socgen-plain',
    category: 'accent',
    q: 'Societe Generale',
    relevant: { 'societe-generale-capital-return': 2 },
  },
  { id: 'accent-muller', category: 'accent', q: 'Müller milk', relevant: { 'muller-german-dairy': 2 } },
  { id: 'accent-muller-plain', category: 'accent', q: 'Muller dairy', relevant: { 'muller-german-dairy': 2 } },
  // Names in other scripts.
  { id: 'script-nintendo', category: 'script', q: '任天堂', relevant: { 'nintendo-switch-yen': 2 } },
  { id: 'script-byd', category: 'script', q: '比亚迪', relevant: { 'byd-price-war': 2 } },
  // Time phrases (now: 2026-11-20).
  {
    id: 'time-tariffs-this-month',
    category: 'time',
    q: 'tariffs this month',
    relevant: { 'november-tariffs-check-in': 2 },
  },
  {
    id: 'time-tariffs-last-month',
    category: 'time',
    q: 'tariffs last month',
    relevant: { 'october-tariffs-check-in': 2 },
  },
];
