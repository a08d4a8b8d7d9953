import type { Db } from '@/lib/db/types';
import type { CompactStore } from '@/lib/search/embeddings/compact-store-format';
import { DEFAULT_COMMON_WORD_RANK, loadLocalStore } from '@/lib/search/embeddings/local';
import { resolveTerms } from '@/lib/search/lexical/resolve-terms';
import { prepareQuery } from '@/lib/search/query/prepare';
import { questionTopic } from './question-topic';
import { lexemesOf } from './terms';

/**
 * Whether a post search found is about what the question asks, before anyone is quoted a price for it. Search lets a
 * post in on a fifth of the query's weight (lib/search/score.ts), which is right for a list of candidates but not for
 * an answer someone pays for: asked about copper prices in Chile, a post on Chilean politics or one naming copper once
 * in 6,000 words is not a source. A source must hold at least half of the question's weight. Each word weighs its idf
 * among the indexed posts times how specific it is in English (specificity), so the words that name the subject
 * count most and "make", "can't" or "last" little.
 *
 * Further rules keep it fair to the question:
 * - A word no post holds keeps its weight unless it is an everyday English word: asked about Cybertrucks, posts on
 *   Tesla's quarter do not answer; asked how tariffs are "affecting" margins, posts that say "hitting" do.
 * - Names listed together ("PayPal and Fiserv", "Apple, Google or Meta") are alternatives: a post on any one of them
 *   holds that part of the question.
 * - A question on two subjects is answered in part by a post on the first (answeringShare).
 */
export const ANSWERING_SHARE = 0.5;

/** One part of the question: the lexemes that hold it (any one does) and its weight. */
export interface QuestionPart {
  lexemes: Set<string>;
  weight: number;
  /** In the question's first clause, before an "and" or "or" that joins two subjects (see answeringShare). */
  lead: boolean;
}

/**
 * The question's parts with their weights, from the statistics search ranks with (resolveTerms: a misspelled word is
 * read as the indexed word search corrects it to); empty when nothing in it can be weighed.
 */
export async function weighQuestion(db: Db, question: string): Promise<QuestionPart[]> {
  const topic = questionTopic(question);
  // The clock only places the window, which is dropped here: any date gives the same words.
  const words = prepareQuery(topic, new Date(0)).terms.filter((word) => lexemesOf(word).size > 0);
  if (words.length === 0) return [];
  // The word list ships with the local embeddings; a deployment without it (a read-only install that never prepared
  // it) weighs words by idf alone rather than failing the brief.
  const [{ terms: resolved, corpus }, store] = await Promise.all([
    resolveTerms(db, words),
    loadLocalStore().catch(() => null),
  ]);
  const names = nameGroups(topic);
  const lead = leadClause(topic);
  const parts: Array<QuestionPart & { group: number }> = [];
  for (const [i, word] of words.entries()) {
    const term = resolved[i]!;
    const lexemes = new Set([...(term.correctedFrom ? [] : lexemesOf(word)), ...term.lexemes]);
    const rank = rankOf(store, term.correctedFrom ? term.term : word);
    const group = names.findIndex((members) => members.some((name) => intersects(name, lexemes)));
    // A word no post holds still counts when it names something ("Cybertrucks", "Waymo", "Naples": a rare word or a
    // name written as one): the posts lack the subject. An everyday word ("affecting") is left out: posts say the same
    // thing in other words.
    if (term.docCount === 0 && rank !== null && rank < EVERYDAY_RANK && group < 0) continue;
    const weight = idf(Math.max(corpus, 1), term.docCount) * specificity(rank);
    const listed = group >= 0 && names[group]!.length > 1 ? parts.find((part) => part.group === group) : undefined;
    if (listed) {
      for (const lexeme of lexemes) listed.lexemes.add(lexeme);
      listed.weight = Math.max(listed.weight, weight);
      continue;
    }
    parts.push({ lexemes, weight, group, lead: lead === null || intersects(lead, lexemes) });
  }
  return parts.map(({ lexemes, weight, lead }) => ({ lexemes, weight, lead }));
}

/**
 * The share of the question's weight a text holds: 1 when the question has nothing to weigh. A question on two
 * subjects ("bitcoin mining and its energy use", "the trade war and tariffs") is answered in part by a post on the
 * first, so the share is also taken of the first clause alone when that clause names a subject of its own (two words
 * or more, or half of the weight): not "risks" of "risks and rewards of private credit". The later clauses alone
 * are not enough, since they often lean on the first ("its energy use").
 */
export function answeringShare(parts: readonly QuestionPart[], text: string): number {
  const lexemes = lexemesOf(text);
  const whole = shareOf(parts, lexemes);
  const lead = parts.filter((part) => part.lead);
  if (lead.length === parts.length) return whole;
  const total = parts.reduce((sum, part) => sum + part.weight, 0);
  const leadWeight = lead.reduce((sum, part) => sum + part.weight, 0);
  const subject = lead.length >= 2 || leadWeight >= total / 2;
  return subject ? Math.max(whole, shareOf(lead, lexemes)) : whole;
}

function shareOf(parts: readonly QuestionPart[], lexemes: ReadonlySet<string>): number {
  const total = parts.reduce((sum, part) => sum + part.weight, 0);
  if (total === 0) return 1;
  const held = parts.reduce((sum, part) => sum + (intersects(part.lexemes, lexemes) ? part.weight : 0), 0);
  return held / total;
}

/**
 * How much a word names a subject rather than frames a question, from its rank among English words (the local word
 * vectors' frequency order, as their SIF weights): "many", "make", "need" little, "bank" more, "Waymo" fully. A word
 * rare in this corpus but everyday in English ("run" among finance posts) is still a framing word.
 */
function specificity(rank: number | null): number {
  return rank === null ? 1 : (rank + 1) / (rank + 1 + DEFAULT_COMMON_WORD_RANK);
}

/**
 * Words more common in English than this are everyday words ("affecting" 6,820th, "copper" 4,840th), unless written as
 * a name ("Naples" 9,088th).
 */
const EVERYDAY_RANK = 10_000;

/** A word's rank among English words, null when the list lacks it; it splits at apostrophes ("can't" as "can"). */
function rankOf(store: CompactStore | null, word: string): number | null {
  const entry = store?.index.get(word.split(/['’]/u)[0]!);
  return store && entry !== undefined ? store.ranks[entry]! : null;
}

/** Same form as search's BM25 idf (lib/search/lexical/resolve-terms.ts), so the two weigh words alike. */
function idf(corpus: number, docCount: number): number {
  return Math.log(1 + (Math.max(corpus, docCount) - docCount + 0.5) / (docCount + 0.5));
}

/** A top-level "and", "or" or comma that does not join two names. */
const CLAUSE_JOINER = /\s(?:and|or)\s|,/giu;

/** The lexemes of the topic before its first clause joiner, or null when it has none. */
function leadClause(topic: string): Set<string> | null {
  for (const match of topic.matchAll(CLAUSE_JOINER)) {
    const at = match.index ?? 0;
    const before = /([\p{L}\p{N}'’&.-]+)\s*$/u.exec(topic.slice(0, at))?.[1] ?? '';
    const after = /^\s*([\p{L}\p{N}'’&.-]+)/u.exec(topic.slice(at + match[0].length))?.[1] ?? '';
    if (/^\p{Lu}/u.test(before) && /^\p{Lu}/u.test(after)) continue;
    return lexemesOf(topic.slice(0, at));
  }
  return null;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
const LIST_JOINER = /^(?:,|and|or|&|,\s*and|,\s*or|vs\.?|versus)$/iu;

/**
 * The names of the question, as groups of names listed together: "How do analysts rate PayPal and Fiserv?" has one
 * group of two. A name is a word written with a capital letter that does not open the question; each name is the set
 * of lexemes it stands for.
 */
function nameGroups(topic: string): Array<Array<Set<string>>> {
  const groups: Array<Array<Set<string>>> = [];
  let previousEnd = -1;
  for (const match of topic.matchAll(WORD)) {
    const word = match[0];
    const start = match.index ?? 0;
    const isName = start > 0 && /^\p{Lu}/u.test(word);
    if (!isName) {
      if (!LIST_JOINER.test(word)) previousEnd = -1;
      continue;
    }
    const lexemes = lexemesOf(word);
    if (lexemes.size === 0) continue;
    const between = previousEnd >= 0 ? topic.slice(previousEnd, start).trim() : '';
    const joined = previousEnd >= 0 && LIST_JOINER.test(between.replace(/\s+/gu, ' '));
    if (joined) groups.at(-1)!.push(lexemes);
    else groups.push([lexemes]);
    previousEnd = start + word.length;
  }
  return groups;
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}
