import { renderBrief } from './render-brief';
import type { Brief, BriefGenerator, SourceSelection } from './types';
import { verifyDraft } from './verify-quotes';

/**
 * The brief of selected sources: the generator's draft, then only what the sources bear out (verifyDraft), whichever
 * generator wrote it, so no quote absent from its post is ever returned.
 */
export async function writeBrief(selection: SourceSelection, generator: BriefGenerator): Promise<Brief> {
  const draft = await generator.draft(selection.question, selection.sources);
  return renderBrief(selection, verifyDraft(draft, selection.sources), generator.generator);
}
