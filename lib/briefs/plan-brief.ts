import { draftExtractively } from './generate-offline';
import { type SelectOptions, selectSources } from './select-sources';
import type { BriefDraft, BriefInput, SourceSelection } from './types';
import { verifyDraft } from './verify-quotes';

/**
 * A brief as it is priced: the sources that hold a claim on the question, and the offline answer made of those claims,
 * verified, with every source cited. It is decided before any challenge (it sets the price: one per source), costs
 * only our CPU, and is the answer a paid request gets unless a configured writer (OpenAI) rewrites it (write-brief.ts).
 */
export interface BriefPlan {
  selection: SourceSelection;
  /** The offline answer: every source of `selection` is cited by at least one of its claims. */
  draft: BriefDraft;
}

/** The plan of a brief, or null when no post holds a claim on the question (the route's 404 `no_sources`). */
export async function planBrief(
  db: Parameters<typeof selectSources>[0],
  input: BriefInput,
  options: SelectOptions = {},
): Promise<BriefPlan | null> {
  const selection = await selectSources(db, input, options);
  const draft = verifyDraft(draftExtractively(selection.sources), selection.sources);
  const plan = citedOnly(selection, draft);
  return plan.selection.sources.length === 0 ? null : plan;
}

/** Charged means cited: a source no claim quotes is dropped, and the citations are renumbered to the sources kept. */
export function citedOnly(selection: SourceSelection, draft: BriefDraft): BriefPlan {
  const cited = new Set(draft.claims.flatMap((claim) => claim.citations.map((c) => c.source)));
  const kept = selection.sources.flatMap((post, i) => (cited.has(i + 1) ? [{ post, from: i + 1 }] : []));
  const renumber = new Map(kept.map(({ from }, i) => [from, i + 1]));
  return {
    selection: { ...selection, sources: kept.map(({ post }) => post) },
    draft: {
      answersQuestion: draft.answersQuestion && kept.length > 0,
      claims: draft.claims.map((claim) => ({
        ...claim,
        citations: claim.citations.map((c) => ({ ...c, source: renumber.get(c.source)! })),
      })),
    },
  };
}
