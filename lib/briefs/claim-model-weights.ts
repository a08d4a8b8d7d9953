import type { ClaimModel } from './claim-model';

// Written by `npm run train:briefs -- --write` (scripts/train-briefs.ts): do not edit by hand.
export const CLAIM_MODEL: ClaimModel = {
  features: [
    'rule_every_phrase',
    'rule_phrase_heads',
    'names_all',
    'names_some',
    'topic_key',
    'topic_other',
    'share',
    'meaning',
    'title_meaning',
    'lead_meaning',
    'meaning_below_best',
    'evidence_below_best',
    'best_meaning',
    'is_title',
    'early',
    'causal_for_why',
    'asks_why',
    'figures',
    'mentions',
    'mention_share',
    'post_rank',
    'question_names',
    'meaning_x_names_all',
    'meaning_x_rule',
  ],
  mean: [
    0.0444519, 0.000334225, 0.977273, 0.0227273, 0.134024, 0.440508, 0.0306495, 0.353393, 0.299721, 0.341526, 0.25712,
    0.343581, 0.610512, 0.109626, 0.407359, 0.0143717, 0.0939171, 0.0965909, 1.46665, 0.327937, 0.417357, 0.291444,
    0.343995, 0.0266527,
  ],
  scale: [
    0.206097, 0.0182788, 0.149033, 0.149033, 0.340678, 0.496448, 0.147361, 0.185422, 0.190878, 0.202787, 0.182507,
    0.247141, 0.116247, 0.312423, 0.330261, 0.119017, 0.291713, 0.2954, 0.667495, 0.415859, 0.278321, 0.454427,
    0.190706, 0.125863,
  ],
  weights: [
    0.261187, 0.0666132, -0.0662488, 0.0662488, 0.236562, 0.0238227, -0.0286743, 0.212956, 0.23267, 0.208907, -0.21637,
    -0.305011, -0.0000215545, -0.287505, 0.432129, 0.0429853, 0.0645604, 0.308805, -0.265083, 0.290001, 0.681415,
    0.397195, 0.118857, 0.159519,
  ],
  bias: -4.10001,
  threshold: 0.4,
  margin: 0.3,
};
