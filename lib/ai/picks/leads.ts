import type { Sentence } from '@/lib/ai/text/sentences';
import { type Action, type Direction, FIRST_PERSON, findCues, isModal, NEGATED, THIRD_PARTY } from './cues';

/** What a list's lead gives its items: the understood actor always, an action and a direction when it states one. */
export interface ListLead {
  action: Action | null;
  dir: Direction | null;
}

/** A lead that announces the author's own moves without stating one: "We made three changes this week:". */
const MOVES =
  /\b(?:changes?|moves?|trades?|transactions?|did|done|made|adjustments?|tweaks?|rebalanc\w*|portfolio|positions?|holdings?|book|buys|sells|adds|trims|exits)\b/iu;

/**
 * "The trades:", "Book changes", "This month's transactions:", "Changes this week", "Changes to the model portfolio in
 * November", "Trades 12/3:" (dated): a heading of the moves of the post's own portfolio (named as a portfolio, fund, book or account; an app's
 * or a model's changes are not).
 */
const MOVES_HEADING =
  /^(?:the |this (?:week|month|quarter)['’]s |our )?(?:\w+ )?(?:changes|trades|moves|transactions)(?: (?:to|in) (?:the|our|my) (?:model |income |growth |dividend |core )?(?:portfolio|fund|book|account))?(?: this (?:week|month|quarter)| in (?:January|February|March|April|May|June|July|August|September|October|November|December|Q[1-4]))?(?:,? \d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)?[:.]?$/iu;

/** The post's own portfolio, named by its article or the author's possessive: "in the portfolio", "to our fund". */
const OWN_PORTFOLIO =
  /\b(?:in|to|for|inside|within) (?:the|our|my) (?:model |income |growth |dividend |core |real-money |main )?(?:portfolio|fund|book|account)\b/iu;

/** Items whose actor is someone else however the lead reads: "the large funds made three changes worth noting:". */
const NOT_OURS =
  /\b(?:funds|hedge funds?|(?:fund )?managers|analysts?|insiders?|investors|they|he|she|filings?|13F|according to|readers?|subscribers?|clients? asked)\b/iu;

/** Other people whose moves a paragraph may report ("I ask readers what they traded"); pronouns aside ("so she can"). */
const OTHERS_MOVES =
  /\b(?:funds|hedge funds?|(?:fund )?managers|analysts?|insiders?|investors|filings?|13F|according to|readers?|subscribers?|clients?|members?|listeners?|followers?)\b/iu;

/**
 * A sentence that leads a list in the first person: it ends with a colon, says "we" or "I" (or "our"), and either
 * states an action ("I bought two companies for the family account:", "We are short the following names:") or
 * announces the author's moves ("We made three changes this week:"). Its items inherit the actor, and the action and
 * direction when the lead states them. A lead about someone else's moves (funds, analysts, filings) leads nothing.
 */
export function listLead(sentence: Sentence, earlier: Sentence[] = [], beforeBullets = false): ListLead | null {
  const text = sentence.text.trim();
  if (sentence.listItem || sentence.quoted || NOT_OURS.test(text)) return null;
  // "Our rebalance went through at Friday's close." right before a bulleted list: the paragraph that opens the list
  // announces the author's moves without a colon. Its items must state their own actions.
  if (beforeBullets && !text.endsWith(':') && FIRST_PERSON.test(text) && MOVES.test(text) && !/\?$/u.test(text)) {
    return { action: null, dir: null };
  }
  if (!FIRST_PERSON.test(text)) {
    // A heading of the post's own moves, with or without its colon: "The trades:", "Portfolio changes".
    if (text.split(/\s+/u).length <= 8 && MOVES_HEADING.test(text)) return { action: null, dir: null };
    // "Three things changed in the portfolio this week:": what happened in the post's own portfolio (the portfolio,
    // not a named fund's), a lead whose items state their own actions.
    if (text.endsWith(':') && text.split(/\s+/u).length <= 12 && OWN_PORTFOLIO.test(text)) {
      return { action: null, dir: null };
    }
    // "I report this account so you can see what I do with my own money. This month:": a short lead whose paragraph
    // speaks in the first person, of no one else's moves. Its items must state their own actions.
    const paragraph = earlier.map((e) => e.text).join(' ');
    const short = text.endsWith(':') && text.split(/\s+/u).length <= 6;
    return short && FIRST_PERSON.test(paragraph) && !OTHERS_MOVES.test(paragraph) ? { action: null, dir: null } : null;
  }
  if (!text.endsWith(':')) return null;
  const cue = findCues(text, 0, true).find((c) => c.kind !== 'view' || c.dir !== null);
  if (cue) {
    const before = text.slice(0, cue.start);
    if (NEGATED.test(before)) return null;
    if (!FIRST_PERSON.test(`${before}${text.slice(cue.start, cue.end)}`) && THIRD_PARTY.test(before)) return null;
    const modal = cue.kind === 'verb' && isModal(before);
    const short = cue.dir === 'SHORT' || /\bshort(?:s|ed|ing)?\b/iu.test(text);
    return {
      action: modal ? 'RECOMMENDATION' : cue.action,
      dir: cue.dir ?? (short ? 'SHORT' : modal ? 'LONG' : null),
    };
  }
  if (!MOVES.test(text)) return null;
  return { action: null, dir: /\bshorts?\b/iu.test(text) ? 'SHORT' : null };
}

/** An item that opens with a company and a separator: "Walmart: trimmed by a third", "Analog Devices — added". */
export const ITEM_LEAD =
  /^[\s"“]*(?:(?:[$\p{Lu}]|\p{Ll}\p{Lu})[\w.&'’-]*(?:\s+[\p{Lu}\d&][\w.&'’-]*){0,5})\s*(?:\([^()]{1,20}\))?\s*[:—–,-]?\s*$/u;

/**
 * The items each first-person lead governs: the list items (or "Company: …" lines) right after it, to the first
 * paragraph that is neither. Keyed by the index of each item's first sentence.
 */
export function leadsOf(sentences: Sentence[]): Map<number, ListLead> {
  const out = new Map<number, ListLead>();
  let current: ListLead | null = null;
  let itemParagraph = -1;
  for (const s of sentences) {
    // A list item, a "Company: …" line, or a line that opens with a cashtag ("$CRWD starter, 1/3 size").
    const opensItem =
      s.indexInParagraph === 0 &&
      (s.listItem || /^[\p{Lu}][^:]{0,40}:\s+\S/u.test(s.text) || /^\$[A-Za-z]{1,6}\b/u.test(s.text));
    if (current && opensItem) {
      out.set(s.index, current);
      itemParagraph = s.paragraph;
      continue;
    }
    if (current && s.paragraph === itemParagraph) continue;
    const next = sentences[s.index + 1];
    current = listLead(
      s,
      sentences.filter((e) => e.paragraph === s.paragraph && e.index < s.index),
      Boolean(next?.listItem && next.paragraph !== s.paragraph),
    );
    if (current && (!next || next.paragraph === s.paragraph || next.speaker !== s.speaker)) current = null;
    itemParagraph = -1;
  }
  return out;
}
