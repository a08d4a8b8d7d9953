import type OpenAI from 'openai';
import { z } from 'zod';
import type { Budget } from '@/lib/ai/client';
import { structuredCall, truncateToTokens } from '@/lib/ai/structured-call';
import { plainPoint } from '@/lib/ai/summaries/points';
import type { BriefDraft, BriefGenerator, SourcePost } from './types';

const BriefDraftSchema = z.object({
  answersQuestion: z
    .boolean()
    .describe('false when the sources do not answer the question; then give no claims rather than guess'),
  claims: z
    .array(
      z.object({
        text: z.string().describe('One plain sentence answering part of the question, faithful to its quotes'),
        citations: z
          .array(
            z.object({
              source: z.number().int().describe('The n of the <source> the quote is from'),
              quote: z.string().describe("A passage copied exactly, character for character, from that source's text"),
            }),
          )
          .describe('At least one citation'),
      }),
    )
    .max(10)
    .describe('Up to 8 claims, most important first'),
});

const SYSTEM = `You answer an investor's research question from the numbered newsletter posts given, and only from them.
Write up to 8 claims, most important first: each one plain sentence that answers part of the question.
Every claim cites at least one source: its number n and a quote copied exactly, character for character, from that
source's text (a whole sentence, or a passage of at least six words). A quote that is not in the source is discarded,
and so is a claim left without one. Add no facts, numbers, dates or opinions that the quotes do not state.
Attribute views to the publication or author ("Net Interest Notes expects …"); when sources disagree, give each view.
If the sources do not answer the question, set answersQuestion to false and give no claims: say so, do not guess.
If they answer only part of it, answer that part.
Not content: sponsor reads, subscribe or follow lines, disclaimers, sign-offs.
Write plain sentences: no Markdown, no quote markers, no citation numbers in the claim text.`;

export const OPENAI_BRIEF_VERSION = 'brief-v1';

export interface OpenAIBriefGeneratorOptions {
  client: OpenAI;
  model: string;
  budget?: Budget;
  /** All sources together, in estimated tokens; each gets an equal share, cut at a sentence end. Default 12,000. */
  maxInputTokens?: number;
  maxOutputTokens?: number;
}

/** The brief written by an OpenAI model under structured output; its quotes are verified by writeBrief like any. */
export class OpenAIBriefGenerator implements BriefGenerator {
  readonly generator: string;
  constructor(private readonly options: OpenAIBriefGeneratorOptions) {
    this.generator = `openai:${options.model}@${OPENAI_BRIEF_VERSION}`;
  }

  async draft(question: string, sources: SourcePost[]): Promise<BriefDraft> {
    const share = Math.floor((this.options.maxInputTokens ?? 12_000) / Math.max(1, sources.length));
    const posts = sources.map((post, i) => {
      const body = truncateToTokens(post.text, share);
      const published = post.publishedAt ? ` published="${post.publishedAt.toISOString().slice(0, 10)}"` : '';
      return `<source n="${i + 1}" publication="${post.publicationSlug}" title="${attribute(post.title)}"${published}${body.truncated ? ' truncated="true"' : ''}>\n${body.text}\n</source>`;
    });
    const out = await structuredCall({
      client: this.options.client,
      model: this.options.model,
      schemaName: 'research_brief',
      schema: BriefDraftSchema,
      system: SYSTEM,
      user: `Question: ${question}\n\n${posts.join('\n\n')}`,
      maxOutputTokens: this.options.maxOutputTokens ?? 1200,
      budget: this.options.budget,
    });
    return {
      answersQuestion: out.answersQuestion,
      claims: out.claims.map((claim) => ({ text: plainPoint(claim.text), citations: claim.citations })),
    };
  }
}

function attribute(text: string): string {
  return text.replace(/["\n]/gu, ' ');
}
