import { franc } from 'franc-min';
import { iso6393 } from 'iso-639-3';

// ISO 639-3 codes as franc gives them, to the two-letter BCP 47 tags feeds use (fra -> fr); built once.
const TO_BCP47 = new Map(iso6393.filter((l) => l.iso6391).map((l) => [l.iso6393, l.iso6391!]));
const MIN_CHARS = 80;

/**
 * The language of a post whose feed or mail does not say, as a BCP 47 primary tag ("fr", "de", "ja"), from its text
 * (franc's trigram model over the most spoken languages). Null when the text is too short to tell or the language is
 * undetermined: a wrong guess is worse than none.
 */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 4000);
  if (sample.trim().length < MIN_CHARS) return null;
  const code = franc(sample, { minLength: MIN_CHARS });
  return code === 'und' ? null : (TO_BCP47.get(code) ?? null);
}
