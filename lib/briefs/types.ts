import type { ResearchBriefBody } from '@/lib/api/contracts/briefs';
import type { TimeWindow } from '@/lib/search/query/time-window';
import type { ClaimPassage } from './claims';

/** What a research brief is asked: the body of POST /api/v1/briefs, as its contract outputs it. */
export interface BriefInput {
  question: string;
  /** A search time phrase ("this week"); it replaces any time phrase in the question. */
  window?: string;
  /** Publication slugs (normalized); only their posts are sources. */
  publications?: string[];
  /** 1-10, default 5. */
  maxSources?: number;
  /** The quote the buyer accepts: another one now is a 409 `quote_changed`. */
  quote?: string;
}

/** A post chosen to answer the question, with the text its quotes must be found in (its title or its text). */
export interface SourcePost {
  id: string;
  publicationId: string;
  publicationSlug: string;
  publicationTitle: string | null;
  postSlug: string;
  title: string;
  publishedAt: Date | null;
  text: string;
  /** Its passages that pass the claim test (claims.ts), best first: at least one. */
  claims: ClaimPassage[];
}

/** The sources search picked for a question, in rank order, and the window it searched in. */
export interface SourceSelection {
  question: string;
  sources: SourcePost[];
  timeWindow: TimeWindow | null;
}

/** One claim of a draft: its words and, per source (1-based, in selection order), the quote supporting it. */
export interface DraftClaim {
  text: string;
  citations: Array<{ source: number; quote: string }>;
}

/** What a generator writes; quotes are verified (verify-quotes.ts) before anything of it is sold. */
export interface BriefDraft {
  /** False when the generator finds that the sources do not answer the question. */
  answersQuestion: boolean;
  claims: DraftClaim[];
}

/** Writes a brief's claims from its sources: offline (extractive) or with OpenAI, behind the same interface. */
export interface BriefGenerator {
  /** Who writes, with a version, e.g. "extractive-brief-v1" or "openai:gpt-4.1-mini@brief-v1". */
  readonly generator: string;
  draft(question: string, sources: SourcePost[]): Promise<BriefDraft>;
}

/** A composed brief: the response body without what only a sale adds (asOf, paymentInfo, quote). */
export type Brief = Omit<ResearchBriefBody, 'asOf' | 'paymentInfo' | 'quote'>;
