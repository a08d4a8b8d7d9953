import { EXTRACTIVE_BRIEF_GENERATOR } from './generate-offline';
import type { BriefPlan } from './plan-brief';
import { renderBrief } from './render-brief';
import type { Brief, BriefDraft, BriefGenerator } from './types';
import { verifyDraft } from './verify-quotes';

/**
 * The brief of a plan, as sold. The offline generator's answer is the plan's own draft. Another writer (OpenAI) is
 * given the plan's sources only, the ones the claim test admitted, and what it writes is kept only where its quotes
 * are in the posts (verifyDraft); a source it does not cite gets its offline claims, so every charged source is cited
 * whoever wrote the answer. A writer that fails, or finds no answer in sources that hold claims, leaves the offline
 * answer: the buyer gets what the price was quoted for.
 */
export async function writeBrief(plan: BriefPlan, generator: BriefGenerator): Promise<Brief> {
  const { selection, draft: offline } = plan;
  if (generator.generator === EXTRACTIVE_BRIEF_GENERATOR) {
    return renderBrief(selection, offline, EXTRACTIVE_BRIEF_GENERATOR);
  }
  let written: BriefDraft;
  try {
    written = verifyDraft(await generator.draft(selection.question, selection.sources), selection.sources);
  } catch (error) {
    console.error('[briefs] the writer failed; the offline answer is sold instead', error);
    return renderBrief(selection, offline, EXTRACTIVE_BRIEF_GENERATOR);
  }
  if (!written.answersQuestion) return renderBrief(selection, offline, EXTRACTIVE_BRIEF_GENERATOR);
  return renderBrief(selection, everySourceCited(written, offline), generator.generator);
}

/** The written draft, with the offline claims of each source it does not cite appended. */
function everySourceCited(written: BriefDraft, offline: BriefDraft): BriefDraft {
  const cited = new Set(written.claims.flatMap((claim) => claim.citations.map((c) => c.source)));
  const missing = offline.claims.filter((claim) => claim.citations.some((c) => !cited.has(c.source)));
  return { answersQuestion: true, claims: [...written.claims, ...missing] };
}
