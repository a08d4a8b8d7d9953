import { sector, theme, ticker } from '@/tests/search-eval/query-types';
import type { DemoQuestion } from './question-types';

/**
 * Questions over the demo corpus (seed 20261122, 1,500 posts, now 2026-11-20T15:00Z, as the search eval), judged from
 * the generator's ground truth by the search eval's rules (tests/search-eval/judge.ts). A time phrase of the question,
 * or the request's `window`, limits the relevant posts to that window.
 */
export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    id: 'demo-regional-banks-month',
    corpus: 'demo',
    question: 'What are newsletters saying about regional bank credit this month?',
    facets: [sector('banks')],
    within: 'this_month',
    note: 'the ground truth tracks the bank sector, not regional banks or credit within it',
  },
  {
    id: 'demo-fed-december',
    corpus: 'demo',
    question: "What do newsletters expect from the Fed's December meeting?",
    facets: [theme('fed-rate-cuts')],
  },
  {
    id: 'demo-nvidia-demand',
    corpus: 'demo',
    question: "What are writers saying about demand for Nvidia's data center GPUs?",
    facets: [ticker('NVDA')],
  },
  {
    id: 'demo-tariffs-retailers',
    corpus: 'demo',
    question: "How are tariffs affecting retailers' margins?",
    facets: [theme('tariffs'), sector('consumer')],
  },
  {
    id: 'demo-private-credit',
    corpus: 'demo',
    question: 'What are the biggest risks in private credit right now?',
    facets: [theme('private-credit')],
    note: '"right now" is not a time phrase search reads',
  },
  {
    id: 'demo-oil-opec',
    corpus: 'demo',
    question: 'Where are oil prices heading after the latest OPEC decision?',
    facets: [theme('oil-opec')],
    within: 'latest',
    note: '"latest" is a time phrase: the last 7 days',
  },
  {
    id: 'demo-gold-buying',
    corpus: 'demo',
    question: 'Why are central banks buying so much gold?',
    facets: [theme('gold')],
  },
  {
    id: 'demo-european-banks',
    corpus: 'demo',
    question: 'Are European bank stocks still cheap after the rally?',
    facets: [theme('european-banks')],
  },
  {
    id: 'demo-ai-capex-week',
    corpus: 'demo',
    question: 'What did newsletters say about hyperscaler AI capex this week?',
    facets: [theme('ai-capex')],
    within: 'this_week',
  },
  {
    id: 'demo-bitcoin-etfs',
    corpus: 'demo',
    question: 'What is driving the flows into spot bitcoin ETFs?',
    facets: [theme('bitcoin-etfs')],
  },
  {
    id: 'demo-housing',
    corpus: 'demo',
    question: 'How are mortgage rates affecting the housing market?',
    facets: [theme('housing')],
  },
  {
    id: 'demo-microsoft-azure',
    corpus: 'demo',
    question: "What do analysts think about Microsoft's Azure growth?",
    facets: [ticker('MSFT')],
  },
  {
    id: 'demo-treasury-window',
    corpus: 'demo',
    question: 'What are newsletters saying about Treasury yields and the long end?',
    window: 'last 7 days',
    facets: [theme('treasury-yields')],
    within: { lastDays: 7 },
    note: 'the window comes as the request parameter, not in the question',
  },
  {
    id: 'demo-recession',
    corpus: 'demo',
    question: 'Is a US recession coming next year?',
    facets: [theme('recession-risk')],
  },
  // No post answers these.
  { id: 'demo-none-pizza', corpus: 'demo', question: 'Where is the best pizza in Naples?', facets: [] },
  {
    id: 'demo-none-football',
    corpus: 'demo',
    question: 'Who will win the Champions League this season?',
    facets: [],
  },
];
