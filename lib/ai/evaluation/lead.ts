import { displayText, splitSentences } from '@/lib/ai/text/sentences';

/**
 * Lead-k, the classic summarization baseline: the document's first k sentences, in order, as the project's sentence
 * splitter (lib/ai/text/sentences.ts) cuts them, so it is compared on the same sentences as the summarizer.
 */
export function leadSentences(text: string, k = 3): string[] {
  return splitSentences(text)
    .slice(0, k)
    .map((s) => displayText(s.text));
}
