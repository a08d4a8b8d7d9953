import { nameKey, PLACE_GROUPS } from './name-aliases';
import { keyedWords } from './word-keys';

/**
 * The country a question asks about ("…dairy cattle in Ireland?", "Has Britain banned Huawei…?"), and whether a passage
 * speaks of another one. A passage that names the subject and the thing asked of another country ("…spread to dairy
 * herds in the US", asked about Ireland) states another fact; sold as the answer, it is a paid miss. A passage naming
 * no country, or one of the question's, is left to the other tests; a region (Europe, the EU) holds its countries, so a
 * question on one asks no single country and a passage naming one names no other country.
 */

/** Place groups (name-aliases.ts) by the key of each of their names. */
const GROUP_OF = new Map<string, number>(
  PLACE_GROUPS.flatMap((group, i) => group.map((name) => [nameKey(name), i] as [string, number])),
);
const REGIONS = new Set(PLACE_GROUPS.flatMap((group, i) => (/^(?:Europe|EU)$/u.test(group[0]!) ? [i] : [])));

/** The place groups a text names with a capital, in one word or two ("South Korea"). */
export function placesNamed(text: string): number[] {
  const words = keyedWords(text);
  const found = new Set<number>();
  for (const [i, word] of words.entries()) {
    if (!word.capital) continue;
    const next = words[i + 1];
    const two = next?.capital ? GROUP_OF.get(`${word.key} ${next.key}`) : undefined;
    const group = two ?? GROUP_OF.get(word.key);
    if (group !== undefined) found.add(group);
  }
  return [...found];
}

/** The countries a question asks about, or null when it names none, or a region. */
export function askedPlaces(question: string): number[] | null {
  const places = placesNamed(question);
  if (places.length === 0 || places.some((group) => REGIONS.has(group))) return null;
  return places;
}

/** Whether a passage names a country and none of the ones the question asks about. */
export function statesOtherPlace(asked: readonly number[] | null, passage: string): boolean {
  if (!asked) return false;
  const said = placesNamed(passage).filter((group) => !REGIONS.has(group));
  return said.length > 0 && !said.some((group) => asked.includes(group));
}
