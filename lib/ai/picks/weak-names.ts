import { ABBREVIATIONS, personBefore, shouting, type TickerMention } from '@/lib/ai/text/tickers';
import {
  instrumentFor,
  tickerForDistinctiveWord,
  tickerForName,
  tickerForOrdinaryName,
} from '@/lib/reference/universe';

/**
 * Companies named by one distinctive word of their registrant name ("I'm short Rivian", "Honeywell: trimmed",
 * "sold our Medtronic"), which the mention finder (lib/ai/text/tickers.ts) does not count on their own: a one-word
 * name needs its legal form or its ticker there, so that "Hackett" the author or "Celsius" the unit is no company.
 * The same word is the company when a stated call acts on it: the extractor keeps a call on a weak mention only when
 * the mention is the object its cue governs directly (never by a pronoun or a topic), and the evidence gate still asks
 * for words of a security or a post about markets (post-process.ts).
 *
 * A weak mention is capitalized as a name is, not inside a longer capitalized name ("Harrison Ford", "Rivian Blue"),
 * and its word is distinctive (scripts/build-company-index.ts: not an ordinary English word, the first word of one
 * registrant's names only).
 */
export function weakMentions(text: string, strong: TickerMention[]): TickerMention[] {
  const out: TickerMention[] = [];
  for (const m of text.matchAll(
    /(?<![\p{L}\p{N}&.'’$-])(\p{Lu}[\p{Ll}]+(?:\p{Lu}[\p{Ll}]+)?)(?:['’]s)?(?![\p{L}\p{N}&-])/gu,
  )) {
    const word = m[1]!;
    const start = m.index!;
    const end = start + word.length;
    if (strong.some((s) => start < s.end && end > s.start)) continue;
    const ticker = tickerForDistinctiveWord(word);
    if (!ticker) continue;
    // "Rivian Blue", "Medtronic Diabetes": a capitalized word after it makes a longer name, a product or a unit.
    if (/^[ \t]+\p{Lu}/u.test(text.slice(end, end + 3))) continue;
    if (personBefore(text, start)) continue;
    const company = instrumentFor(ticker);
    out.push({ ticker, start, end, via: 'name', company, exchange: company?.exchange ?? null, name: word, weak: true });
  }
  // "Sea Limited", "Ferrari N.V.": a registrant's name of one ordinary word, written with its legal form.
  for (const m of text.matchAll(
    /(?<![\p{L}\p{N}&.'’$-])(\p{Lu}\p{Ll}+),? (?:Inc|Corp|Corporation|Ltd|Limited|plc|PLC|N\.V|NV|S\.A|SA|AG)\b\.?/gu,
  )) {
    const start = m.index!;
    const end = start + m[0].length;
    if (strong.some((s) => start < s.end && end > s.start) || personBefore(text, start)) continue;
    const ticker = tickerForOrdinaryName(m[1]!);
    const company = ticker ? instrumentFor(ticker) : null;
    if (!ticker || !company) continue;
    out.push({ ticker, start, end, via: 'name', company, exchange: company.exchange, name: m[0], weak: true });
  }
  // "Progressive (PGR) prices faster… We added to Progressive": a one-word name the post has tied to its ticker is
  // that company where written again alone, even an ordinary word.
  const tied = new Map<string, string>();
  for (const s of strong) {
    // The mention is "Progressive (PGR)", or the ticker alone with its name before it.
    const whole = /^(\p{Lu}\p{Ll}+)\s*\(\s*\$?[A-Z][A-Z.]{0,6}\s*\)$/u.exec(text.slice(s.start, s.end));
    const before = /(?<![\p{L}\p{N}&.'’$-])(\p{Lu}\p{Ll}+)\s*\(\s*\$?$/u.exec(
      text.slice(Math.max(0, s.start - 40), s.start),
    );
    const word = whole?.[1] ?? (s.via === 'parenthesized' ? before?.[1] : undefined);
    if (word) tied.set(word, s.ticker);
  }
  for (const [word, ticker] of tied) {
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}&.'’$-])${word}(?![\\p{L}\\p{N}&-])`, 'gu'))) {
      const start = m.index!;
      const end = start + word.length;
      if ([...strong, ...out].some((x) => start < x.end && end > x.start)) continue;
      // "Carnival Cruise", "Target Corp": a capitalized word after it makes a longer name.
      if (/^[ \t]+\p{Lu}/u.test(text.slice(end, end + 3)) || personBefore(text, start)) continue;
      const company = instrumentFor(ticker);
      out.push({
        ticker,
        start,
        end,
        via: 'name',
        company,
        exchange: company?.exchange ?? null,
        name: word,
        weak: true,
      });
    }
  }
  // "a put spread on Target", "calls on Apple": an option's underlying, named by one word even when it is an
  // ordinary one (analysts' "calls on Walmart" are no trade: the cue and its actor still decide).
  for (const m of text.matchAll(
    /\b(?:calls?|puts?|(?:call|put) spreads?|options|LEAPS|straddles?|strangles?)\s+on\s+(\p{Lu}\p{Ll}+)(?![\p{L}\p{N}&-])(?![ \t]+\p{Lu})/gu,
  )) {
    const word = m[1]!;
    const start = m.index! + m[0].length - word.length;
    const end = start + word.length;
    if ([...strong, ...out].some((x) => start < x.end && end > x.start)) continue;
    const ticker = tickerForName(word) ?? tickerForOrdinaryName(word);
    const company = ticker ? instrumentFor(ticker) : null;
    if (!ticker || !company) continue;
    out.push({ ticker, start, end, via: 'name', company, exchange: company.exchange, name: word, weak: true });
  }
  // "Opened KLAC, 2% weight", "Added TXN": a bare ticker that is no word, abbreviation or headline in capitals.
  for (const m of text.matchAll(/(?<![\p{L}\p{N}$.&/'’_-])([A-Z]{3,5})(?![\p{L}\p{N}&'’_-]|\.[\p{L}\p{N}])/gu)) {
    const ticker = m[1]!;
    const start = m.index!;
    const end = start + ticker.length;
    if (strong.some((s) => start < s.end && end > s.start)) continue;
    const company = instrumentFor(ticker);
    if (!company || company.word || ABBREVIATIONS.has(ticker) || shouting(text, start)) continue;
    out.push({ ticker, start, end, via: 'ticker', company, exchange: company.exchange, name: null, weak: true });
  }
  return out.sort((a, b) => a.start - b.start);
}
