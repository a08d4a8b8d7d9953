/**
 * How company names compare: lower case, accents and punctuation dropped, "&" read as "and", a possessive "'s" and
 * the legal form ("Inc", "Corp", "Co", "plc", "Holdings", "/DE/" …) removed. "PROCTER & GAMBLE Co", "Procter &
 * Gamble" and "Procter and Gamble's" all become "procter and gamble".
 */
const LEGAL_FORMS = new Set(
  'inc incorporated corp corporation co company cos ltd limited plc llc lp sa nv ag se asa ab oyj spa holdings holding group the new de adr ads com cl class trust'.split(
    ' ',
  ),
);

/** A registrant's state or filing marks: "/DE/", "/NEW", "\\PA\\", "/ ADR", "./tx", "/Cayman Islands/", " A/S", "CORP/". */
const FILING_MARK =
  /(?:\s*[\\/]\s*(?:[A-Za-z]{2,4}|Cayman(?: Islands)?|Marshall Islands|British Virgin Islands|Bermuda|Delaware|Nevada|Maryland|Canada)?\s*[\\/]?|\s+A\/S)\s*$/u;
export function nameTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .replace(/['’]s\b/gu, '')
    .replace(/&/gu, ' and ')
    .replace(/\b([A-Za-z])\.(?=[A-Za-z]\.)/gu, '$1')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean);
}

/** The registrant or written name as a key; empty when nothing but a legal form is left. */
export function companyNameKey(name: string): string {
  const tokens = nameTokens(name.replace(FILING_MARK, ''));
  while (tokens.length > 1 && LEGAL_FORMS.has(tokens[tokens.length - 1]!)) tokens.pop();
  while (tokens.length > 1 && tokens[0] === 'the') tokens.shift();
  if (tokens.length === 1 && LEGAL_FORMS.has(tokens[0]!)) return '';
  return tokens.join(' ');
}

export function isLegalForm(token: string): boolean {
  return LEGAL_FORMS.has(token.toLowerCase().replace(/\.$/u, ''));
}

const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'de', 'du', 'la']);

/**
 * A registrant's name as a reader writes it: "FREEPORT-MCMORAN INC" → "Freeport-Mcmoran", "BANK OF AMERICA CORP
 * /DE/" → "Bank of America", "UNIVERSAL DISPLAY CORP \\PA\\" → "Universal Display"; a mixed-case name keeps its case,
 * without its legal form and filing marks.
 */
export function displayName(registrant: string): string {
  let name = registrant.replace(/\s+/gu, ' ').trim();
  for (let previous = ''; previous !== name; ) {
    previous = name;
    name = name.replace(FILING_MARK, '').replace(/[\s,.]+$/u, '');
    const words = name.split(' ');
    while (words.length > 1 && isLegalForm(words[words.length - 1]!.replace(/[,.]+$/u, ''))) words.pop();
    name = words.join(' ').replace(/[\s,.]+$/u, '');
  }
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s\-/])([a-z])/gu, (_, pre: string, c: string) => pre + c.toUpperCase())
    .replace(/(?<=\s)(Of|And|The|For|De|Du|La)(?=\s)/gu, (w) =>
      SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w,
    );
}
