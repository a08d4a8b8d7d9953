import { STOPWORDS } from '@/lib/search/query/stopwords';

/**
 * Words as a claim test matches them: the same word in another inflection ("rates" and "rate", "devalued" and
 * "devalue", "cutting" and "cut", "Germany's" and "Germany"), never another word that shares its stem. Search's stemmer
 * makes "natural" and "nature" one lexeme, which is right for finding posts and wrong for deciding what a sentence is
 * about: asked about natural gas, a sentence on nature is not an answer.
 */

/** One word of a text: its key, and whether it was written in capitals (an acronym such as "US" or "ACA"). */
export interface KeyedWord {
  key: string;
  /** Written with a capital first letter. */
  capital: boolean;
  upper: boolean;
  /**
   * Written with a capital inside a sentence, not at its start and not in a headline that capitalizes every word: a
   * name ("Ruby on Rails", "Shell"), not the common noun ("rubies", "shell").
   */
  proper: boolean;
  /** The post writes this word only as a name (set by the claim test for one post's words). */
  nameOnly?: boolean;
}

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}]|['’.&-](?=[\p{L}\p{N}]))*/gu;
const VOWEL = /[aeiouy]/u;
/** Words that end in -s without being plurals of another word ("news" is not "new"). */
const NOT_PLURAL =
  /^(?:news|series|species|means|lens|gas|bias|atlas|canvas|chaos|alias|economics|politics|physics|mathematics|statistics|analytics|ethics|logistics|electronics)$/u;

/**
 * The word's key: lower-cased, without a possessive, without the inflections -s/-es/-ies, -ed, -ing and a final -e,
 * and without the consonant doubled before them ("cutting" -> "cut", "stopped" -> "stop").
 */
export function wordKey(word: string): string {
  let w = word.toLowerCase().replace(/['’]s?$/u, '');
  if (w.length <= 3 || /\d/u.test(w)) return w;
  if (/ies$/u.test(w) && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/ied$/u.test(w) && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|ch|sh|x|z)es$/u.test(w)) w = w.slice(0, -2);
  else if (/[^sui]s$/u.test(w) && !NOT_PLURAL.test(w)) w = w.slice(0, -1);
  if (/ing$/u.test(w) && w.length >= 6 && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (/ed$/u.test(w) && w.length >= 5 && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  if (/e$/u.test(w) && w.length >= 4) w = w.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/u.test(w) && !/(?:ll|ss|zz|ff)$/u.test(w)) w = w.slice(0, -1);
  return w;
}

/** The text's words, keyed, in order; dotted acronyms ("U.S.") are read as written without dots ("US"). */
export function keyedWords(text: string): KeyedWord[] {
  const words: KeyedWord[] = [];
  const headline = isHeadlineCase(text);
  for (const match of text.matchAll(WORD)) {
    const opening = SENTENCE_START.test(text.slice(Math.max(0, match.index - 4), match.index));
    const raw = /^(?:\p{Lu}\.)+\p{Lu}?$/u.test(match[0]) ? match[0].replace(/\./gu, '') : match[0].replace(/\.$/u, '');
    for (const piece of raw.split(/-(?=\p{L})/u)) {
      const part = piece.replace(/['’]s?$/u, '');
      if (!part) continue;
      // An acronym's plural keeps it one ("ETFs", "REITs").
      const upper =
        part.length >= 2 && ((part === part.toUpperCase() && /\p{Lu}/u.test(part)) || /^\p{Lu}{2,}s$/u.test(part));
      words.push({
        // A function word keeps a key of its own: "not" is never "notes" (note, not), "us" never "use".
        key: !upper && STOPWORDS.has(part.toLowerCase()) ? `${part.toLowerCase()}#` : wordKey(part),
        capital: /^\p{Lu}/u.test(part),
        upper,
        proper: /^\p{Lu}/u.test(part) && !opening && !headline,
      });
    }
  }
  return words;
}

/** What comes before a sentence's first word: nothing, a stop, a colon, an opening quote or bracket, a line break. */
const SENTENCE_START = /(?:^|[.!?:;"“‘([\n]|\s[-–—•*])\s*['"“‘(]?$/u;

/** A headline that capitalizes its words ("Dollar Stores Vs Lettuce"): its capitals say nothing of names. */
function isHeadlineCase(text: string): boolean {
  const long = text.match(/\b\p{L}{4,}/gu) ?? [];
  if (long.length < 2 || long.length > 25) return false;
  return long.filter((word) => /^\p{Lu}/u.test(word)).length >= 0.7 * long.length;
}
