/**
 * Stemmers by language. English uses Porter2 (the Snowball "english" algorithm, as PostgreSQL's english config);
 * the other languages PostgreSQL ships a Snowball stemmer for use Orama's Snowball ports. A language without one
 * (Chinese, Japanese, Korean...) is indexed unstemmed, as PostgreSQL's simple config would.
 */
import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import porter2 from 'wink-porter2-stemmer';
import { toLexeme } from './lexeme';

type Stem = (word: string) => string;

const BY_LANGUAGE: Record<string, Stem> = {
  en: porter2,
  ar: arabic,
  hy: armenian,
  da: danish,
  nl: dutch,
  fi: finnish,
  fr: french,
  de: german,
  el: greek,
  hu: hungarian,
  id: indonesian,
  ga: irish,
  it: italian,
  lt: lithuanian,
  no: norwegian,
  nb: norwegian,
  nn: norwegian,
  pt: portuguese,
  ro: romanian,
  ru: russian,
  sr: serbian,
  es: spanish,
  sv: swedish,
  ta: tamil,
  tr: turkish,
};

/**
 * Every language with a stemmer, and one without (whose stem of a word is the word): between them, every lexeme a
 * query word can have in any corpus.
 */
export const EVERY_STEMMING = [...Object.keys(BY_LANGUAGE), 'und'] as const;

/** The language code a post is analysed with: its primary subtag ("fr-CA" -> "fr"); English when unknown. */
export function analysisLanguage(language: string | null | undefined): string {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'en';
}

// Stemming is the costliest step of indexing; the same few thousand words recur across posts.
const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

/**
 * The word's stem in the language; the word itself when the language has no stemmer or the stem is no lexeme
 * (./lexeme.ts: empty, say).
 */
export function stem(word: string, language: string): string {
  const fn = BY_LANGUAGE[language];
  if (!fn) return word;
  const key = `${language}:${word}`;
  let stemmed = cache.get(key);
  if (stemmed === undefined) {
    stemmed = toLexeme(fn(word)) ?? word;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, stemmed);
  }
  return stemmed;
}
