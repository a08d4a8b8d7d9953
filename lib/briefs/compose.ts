import type { Db } from '@/lib/db/types';
import { planBrief } from './plan-brief';
import type { SelectOptions } from './select-sources';
import type { Brief, BriefGenerator, BriefInput } from './types';
import { writeBrief } from './write-brief';

/**
 * A research brief, start to end and with no HTTP in it (the eval and bench call this): the sources that hold a claim
 * on the question, then the answer, its quotes verified. Null when no post holds one (the route's 404 `no_sources`).
 * Without `options.embeddings` sources are ranked lexically; the route passes the service's embedder.
 */
export async function composeBrief(
  db: Db,
  input: BriefInput,
  generator: BriefGenerator,
  options: SelectOptions = {},
): Promise<Brief | null> {
  const plan = await planBrief(db, input, options);
  return plan ? writeBrief(plan, generator) : null;
}
