import { earnings, type JudgedQuery, sector, theme, ticker } from './query-types';

/** Time-scoped queries (window rules in time-windows.ts) and off-topic queries that must find nothing. */
export const TIME_QUERIES: JudgedQuery[] = [
  {
    id: 'time-nvidia-this-week',
    q: 'nvidia this week',
    category: 'time',
    facets: [ticker('NVDA')],
    window: 'this_week',
  },
  {
    id: 'time-bank-earnings-last-week',
    q: 'bank earnings last week',
    category: 'time',
    facets: [sector('banks'), earnings],
    window: 'last_week',
  },
  {
    id: 'time-latest-treasury',
    q: 'latest on treasury yields',
    category: 'time',
    facets: [theme('treasury-yields')],
    window: 'latest',
  },
  // "CPI yesterday" has only two relevant posts in this corpus (dry run), too few to measure; the same shape on a
  // theme with more posts yesterday, and CPI over a two-day window instead.
  {
    id: 'time-jobs-yesterday',
    q: 'jobs report yesterday',
    category: 'time',
    facets: [theme('jobs-report')],
    window: 'yesterday',
  },
  {
    id: 'time-cpi-2-days',
    q: 'CPI in the last 2 days',
    category: 'time',
    facets: [theme('cpi-inflation')],
    window: { lastDays: 2 },
  },
  {
    id: 'time-fed-today',
    q: 'Fed rate cut news today',
    category: 'time',
    facets: [theme('fed-rate-cuts')],
    window: 'today',
  },
  {
    id: 'time-semis-this-week',
    q: 'semiconductor stocks this week',
    category: 'time',
    facets: [sector('semis')],
    window: 'this_week',
  },
  {
    id: 'time-consumer-3-days',
    q: 'consumer stocks in the last 3 days',
    category: 'time',
    facets: [sector('consumer')],
    window: { lastDays: 3 },
  },
  {
    id: 'time-ai-capex-month',
    q: 'AI capex over the past month',
    category: 'time',
    facets: [theme('ai-capex')],
    window: 'past_month',
  },
  { id: 'time-gold-this-month', q: 'gold this month', category: 'time', facets: [theme('gold')], window: 'this_month' },
];

export const OFF_TOPIC_QUERIES: JudgedQuery[] = [
  { id: 'off-pizza', q: 'best pizza in naples', category: 'off_topic', facets: [] },
  { id: 'off-puppy', q: 'how to train a puppy', category: 'off_topic', facets: [] },
  { id: 'off-football', q: 'football transfer rumours', category: 'off_topic', facets: [] },
  { id: 'off-cookies', q: 'chocolate chip cookie recipe', category: 'off_topic', facets: [] },
  { id: 'off-guitar', q: 'learn to play the guitar', category: 'off_topic', facets: [] },
  // A time phrase must not turn an off-topic query into a "latest posts" listing.
  { id: 'off-weather', q: 'weather in lisbon next week', category: 'off_topic', facets: [] },
];
