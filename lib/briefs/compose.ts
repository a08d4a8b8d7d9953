import type { Db } from '@/lib/db/types';
import { type SelectOptions, selectSources } from './select-sources';
import type { Brief, BriefGenerator, BriefInput } from './types';
import { writeBrief } from './write-brief';

/**
 * A research brief, start to end and with no HTTP in it (the eval and bench call this): the sources topic search picks
 * for the question, then the generator's answer with its quotes verified. Null when no post matches (the route's 404
 * `no_sources`). Without `options.embeddings` sources are ranked lexically; the route passes the service's embedder.
 */
export async function composeBrief(
  db: Db,
  input: BriefInput,
  generator: BriefGenerator,
  options: SelectOptions = {},
): Promise<Brief | null> {
  const selection = await selectSources(db, input, options);
  if (selection.sources.length === 0) return null;
  return writeBrief(selection, generator);
}
