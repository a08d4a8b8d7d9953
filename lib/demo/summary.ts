import { describeCall } from './calls';
import type { Draft } from './kinds/context';
import type { Rng } from './random';
import { list, wordCount } from './text';
import { theme } from './themes';
import type { PostKind } from './types';

export const SUMMARY_MODEL = 'demo-synthesizer-v1' as const;

const KIND_LABELS: Record<PostKind, string> = {
  deep_dive: 'deep dive',
  earnings_review: 'earnings review',
  macro_note: 'macro note',
  portfolio_update: 'portfolio update',
  sector_roundup: 'sector roundup',
  options_idea: 'options trade idea',
  podcast_episode: 'podcast episode',
};

/**
 * The "synthesized summary" a model would write: thesis, key numbers, the calls and the risks, all taken from the
 * same draft as the body. Kept between 80 and 200 words, like the real product.
 */
export function synthesizeSummary(
  draft: Draft,
  kind: PostKind,
  analyst: string,
  publicationTitle: string,
  tickers: string[],
  rng: Rng,
): string {
  const label = KIND_LABELS[kind];
  const who = kind === 'podcast_episode' ? 'the guest' : 'the author';
  const opener =
    kind === 'podcast_episode'
      ? `This ${label} of ${publicationTitle} makes the case that ${draft.summary.thesis}.`
      : rng.pick([
          `In this ${label} for ${publicationTitle}, ${analyst} argues that ${draft.summary.thesis}.`,
          `${analyst}'s ${label} in ${publicationTitle} argues that ${draft.summary.thesis}.`,
          `Thesis (${publicationTitle}, ${analyst}): ${draft.summary.thesis}.`,
        ]);
  const numbers = draft.summary.numbers.slice();
  const calls =
    draft.calls.length > 0
      ? `On positioning, ${who} ${list(draft.calls.map(describeCall))}.`
      : rng.pick([
          'The post makes no explicit buy or sell call.',
          'No position changes or explicit recommendations are made.',
        ]);
  const risks = draft.summary.risks.length > 0 ? `Risks flagged: ${list(draft.summary.risks)}.` : '';
  const fillers = [
    tickers.length > 0 ? `Tickers discussed: ${list(tickers)}.` : '',
    draft.themes.length > 0 ? `Macro context: ${list(draft.themes.map((id) => theme(id).label))}.` : '',
    `The ${label} is written for investors who want the reasoning behind the numbers, not just the headline.`,
    numbers.length > 0
      ? `The ${label} runs to ${draft.paragraphs.length} sections, and the figures above are the ones that drive its argument.`
      : `The ${label} runs to ${draft.paragraphs.length} sections, moving from the setup to the conclusion.`,
    draft.calls.length > 0
      ? 'Treat the calls as the stated opinion at the time of publication, not as personalised advice.'
      : 'Treat it as research context rather than a trading signal.',
  ].filter(Boolean);

  // A sentence lifted from the body's middle, as a model's summary would surface a supporting detail.
  const middle = draft.paragraphs
    .slice(1, -1)
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z])/))
    .filter((x) => x.length > 40 && x.length < 220 && !x.includes('"'));
  const detail = middle.length > 0 && rng.chance(0.7) ? `Supporting detail: "${rng.pick(middle)}"` : '';
  const compose = (extra: string[]) =>
    [opener, numbers.length > 0 ? `Key figures: ${list(numbers)}.` : '', detail, calls, risks, ...extra]
      .filter(Boolean)
      .join(' ');
  let extra: string[] = [];
  let text = compose(extra);
  for (const filler of fillers) {
    if (wordCount(text) >= 80) break;
    extra = [...extra, filler];
    text = compose(extra);
  }
  while (wordCount(text) > 200 && numbers.length > 0) {
    numbers.pop();
    text = compose(extra);
  }
  return text;
}
