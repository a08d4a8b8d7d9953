import { splitSentences } from '@/lib/ai/text/sentences';
import { findTickerMentions } from '@/lib/ai/text/tickers';
import { rationaleFrom, readCues } from './cues';
import type { CandidatePick, ExtractedPick, PickExtractionInput, PickExtractor } from './extractor';
import { postProcessPicks } from './post-process';

export const RULES_GENERATOR = 'rules-v1';

/**
 * The embedded default's extractor, no network: a sentence that names an instrument (cashtag, "(TICKER)", a known
 * ticker or company name from lib/reference) and states an action by the author becomes a pick, with the sentence
 * itself as the evidence quote. Precision over recall: commentary without a first-person (or named guest) actor,
 * and negated sentences ("we are not buying"), yield nothing. Measured by scripts/eval-picks.ts.
 */
export class RuleBasedPickExtractor implements PickExtractor {
  readonly generator = RULES_GENERATOR;

  async extract(input: PickExtractionInput): Promise<ExtractedPick[]> {
    return extractByRules(input);
  }
}

export function extractByRules(input: PickExtractionInput): ExtractedPick[] {
  const text = typeof input.text === 'string' ? input.text : '';
  const sentences = splitSentences(text);
  const cues = sentences.map((s) => readCues(s.text));
  const candidates: CandidatePick[] = [];
  sentences.forEach((sentence, i) => {
    const cue = cues[i];
    if (!cue) return;
    const mentions = findTickerMentions(sentence.text);
    const mention = mentions.find((m) => m.end > cue.cueAt) ?? mentions[0];
    if (!mention) return;
    const next = sentences[i + 1];
    const sameParagraph = next && next.paragraph === sentence.paragraph ? next : undefined;
    const instrumentType = cue.option
      ? 'OPTION'
      : mention.company?.type === 'ETF'
        ? 'ETF'
        : mention.company || mention.via !== 'name'
          ? 'EQUITY'
          : 'OTHER';
    candidates.push({
      ticker: mention.ticker,
      tickerExchange: null,
      instrumentType,
      action: cue.action,
      direction: cue.direction,
      authorConviction: cue.conviction,
      activePick: cue.action !== 'EXIT',
      evidenceQuote: sentence.text,
      rationaleSnippet: rationaleFrom(
        sentence.text,
        sameParagraph?.text,
        Boolean(sameParagraph && cues[i + 1] && findTickerMentions(sameParagraph.text).length > 0),
      ),
    });
  });
  return postProcessPicks(candidates, { text, author: input.author, generator: RULES_GENERATOR });
}
