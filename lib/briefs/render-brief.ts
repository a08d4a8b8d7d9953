import type { Brief, BriefDraft, SourceSelection } from './types';

/** The paid summary of a post, as the API sells it: what a brief's reader buys to read one source further. */
export function paidPostPath(publicationSlug: string, postSlug: string): string {
  return `/api/v1/publications/${encodeURIComponent(publicationSlug)}/${encodeURIComponent(postSlug)}`;
}

/**
 * A verified draft as the brief is sold: sources numbered in search order (every one paid for is listed, cited or
 * not), each claim a line of the answer ending with the numbers of the sources whose quotes support it.
 */
export function renderBrief(selection: SourceSelection, draft: BriefDraft, generator: string): Brief {
  const claims = draft.claims.map((claim) => ({
    text: claim.text,
    sources: [...new Set(claim.citations.map((c) => c.source))].sort((a, b) => a - b),
  }));
  const n = selection.sources.length;
  const answer = draft.answersQuestion
    ? claims.map((claim) => `- ${withMarkers(claim.text, claim.sources)}`).join('\n')
    : `The ${n} source${n === 1 ? '' : 's'} found do not answer this question.`;
  return {
    question: selection.question,
    answered: draft.answersQuestion,
    answer,
    claims,
    sources: selection.sources.map((post, i) => ({
      ref: i + 1,
      publicationSlug: post.publicationSlug,
      postSlug: post.postSlug,
      title: post.title,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      url: paidPostPath(post.publicationSlug, post.postSlug),
      citations: draft.claims.flatMap((claim, k) =>
        claim.citations.filter((c) => c.source === i + 1).map((c) => ({ claim: k + 1, evidenceQuote: c.quote })),
      ),
    })),
    timeWindow: selection.timeWindow,
    generator,
  };
}

/** "…higher." with sources 1 and 3 -> "…higher [1][3]."; the markers go before the sentence's final stop. */
function withMarkers(text: string, sources: number[]): string {
  const markers = sources.map((n) => `[${n}]`).join('');
  const end = /[.!?]+["”’)\]]*$/u.exec(text);
  return end ? `${text.slice(0, end.index)} ${markers}${end[0]}` : `${text} ${markers}`;
}
