import type { ScoredPassage } from '@/lib/briefs/meaning';

/**
 * A passage the claim test admits on its meaning alone (every phrase of the subject, close in meaning to the
 * question and the title): what the asked-facet tests (figure, time, place) feed chooseSources, so that only the
 * facet under test can refuse it.
 */
export const admittedPassage = (quote: string): ScoredPassage => ({
  quote,
  start: 0,
  index: 1,
  share: 1,
  score: 1,
  speaker: null,
  causal: false,
  rule: 'every-phrase',
  names: 'all',
  topic: 'key',
  meaning: 0.8,
  titleMeaning: 0.6,
});
