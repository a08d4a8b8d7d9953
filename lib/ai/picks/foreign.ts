import type { Action, Direction } from './cues';

/**
 * Calls stated in German, French, Spanish, Portuguese or Italian (issue 47): an international newsletter writes
 * "Wir haben unsere Position in SAP aufgestockt", "Nous conservons Sanofi", "Vendimos toda la posición en Petrobras".
 * The English rules read none of them (no first person, no verb they know), so a sentence in one of these languages
 * is read here, on its own and conservatively: it must be in the first person, name one company, state a trade with a
 * verb of the author's own portfolio, and hold no negation, condition, plan or watchlist ("zu diesem Kurs kaufen wir
 * nicht", "Nous n'en détenons pas", "no tenemos acciones del banco").
 */

type Language = 'de' | 'fr' | 'es' | 'pt' | 'it';

/** Each language's common function words: two of them (and none of the verbs below are English) make a sentence it. */
const FUNCTION_WORDS: Record<Language, RegExp> = {
  de: /\b(?:der|die|das|und|wir|haben|diese|unsere|unser|ist|mit|bei|nach|dagegen|auf|zum|zur|ich)\b/giu,
  fr: /\b(?:le|la|les|des|nous|avons|une|est|et|du|sur|dans|ce|notre|nos|je|malgré|qui)\b/giu,
  es: /\b(?:el|la|los|las|que|y|del|en|una|nuestra|nuestro|durante|tras|con|por)\b/giu,
  pt: /\b(?:o|os|as|que|e|do|da|em|uma|nossa|nosso|com|após|durante)\b/giu,
  it: /\b(?:il|lo|gli|di|che|e|della|del|nel|nella|abbiamo|nostra|nostro|una|con|dopo|per)\b/giu,
};

/** The author in the first person: a pronoun or possessive, or (Spanish, Portuguese, Italian) a verb's own ending. */
const FIRST_PERSON: Record<Language, RegExp> = {
  de: /\b(?:wir|ich|unsere?[mnrs]?|meine?[mnrs]?)\b/iu,
  fr: /\b(?:nous|je|j['’]|notre|nos|mon|ma|mes)\b/iu,
  es: /\b(?:nosotros|nuestr[oa]s?|yo|mis?|\p{L}+(?:amos|emos|imos))\b/iu,
  pt: /\b(?:nós|nossos?|nossas?|eu|meus?|minhas?|\p{L}+(?:amos|emos|imos))\b/iu,
  it: /\b(?:noi|nostr[aoie]|io|mi[oaei]|abbiamo|\p{L}+iamo)\b/iu,
};

/** Not a trade made: a negation, a condition, a plan, a wish, a watchlist. */
const NOT_A_TRADE: Record<Language, RegExp> = {
  de: /\b(?:nicht|kein\w*|nie|niemals|falls|wenn|würden|werden|wollen|möchten|könnten|Beobachtungsliste|Watchlist)\b/iu,
  fr: /\b(?:ne|n['’]|pas|jamais|aucun\w*|si|allons|pourrions|voudrions|achèterions|liste de surveillance)\b|\bn['’]/iu,
  es: /\b(?:no|nunca|ningun\w*|si|vamos a|podríamos|compraríamos|venderíamos|lista de seguimiento)\b/iu,
  pt: /\b(?:não|nunca|nenhum\w*|se|vamos|poderíamos|compraríamos|lista de acompanhamento)\b/iu,
  it: /\b(?:non|mai|nessun\w*|se|potremmo|compreremmo|vorremmo|lista di osservazione)\b/iu,
};

/** The verbs of the author's own trades, the more specific first ("vendimos parte" before "vendimos"). */
const TRADES: Record<Language, [RegExp, Action, Direction][]> = {
  de: [
    [/\bleerverkauf\w*/iu, 'NEW_POSITION', 'SHORT'],
    [/\b(?:teilweise verkauft|reduziert|verringert|Gewinne mitgenommen)\b/iu, 'REDUCE', 'LONG'],
    [/\b(?:aufgestockt|nachgekauft|zugekauft|erhöht)\b/iu, 'ADD', 'LONG'],
    [/\b(?:verkauft|ausgestiegen|glattgestellt|abgestoßen)\b/iu, 'EXIT', 'LONG'],
    [/\b(?:gekauft|erworben|eröffnet|eingestiegen|ins Depot (?:aufgenommen|gelegt))\b/iu, 'NEW_POSITION', 'LONG'],
    [/\b(?:halten|behalten|bleiben investiert)\b/iu, 'HOLD', 'LONG'],
  ],
  fr: [
    [/\bvendu à découvert\b/iu, 'NEW_POSITION', 'SHORT'],
    [/\b(?:allégé|réduit|pris (?:une partie de )?(?:nos|mes) bénéfices)\b/iu, 'REDUCE', 'LONG'],
    [/\b(?:renforcé|augmenté|accru)\b/iu, 'ADD', 'LONG'],
    [/\b(?:vendu|cédé|soldé|sortis? de)\b/iu, 'EXIT', 'LONG'],
    [/\b(?:initié|ouvert|pris) une (?:nouvelle )?position\b|\b(?:acheté|acquis)\b/iu, 'NEW_POSITION', 'LONG'],
    [/\b(?:conservons|gardons|maintenons|conserve|garde|restons investis)\b/iu, 'HOLD', 'LONG'],
  ],
  es: [
    [
      /\b(?:vendimos|hemos vendido|vendí) parte\b|\b(?:redujimos|reducimos|recortamos|hemos reducido)\b/iu,
      'REDUCE',
      'LONG',
    ],
    [/\b(?:ampliamos|aumentamos|incrementamos|reforzamos|hemos ampliado|hemos aumentado)\b/iu, 'ADD', 'LONG'],
    [/\b(?:vendimos|hemos vendido|vendí|cerramos|liquidamos|salimos de)\b/iu, 'EXIT', 'LONG'],
    [/\b(?:compramos|hemos comprado|compré|iniciamos|abrimos una posición|incorporamos)\b/iu, 'NEW_POSITION', 'LONG'],
    [/\b(?:mantenemos|conservamos|mantengo|seguimos manteniendo)\b/iu, 'HOLD', 'LONG'],
  ],
  pt: [
    [/\b(?:vendemos parte|reduzimos|diminuímos)\b/iu, 'REDUCE', 'LONG'],
    [/\b(?:aumentamos|reforçamos|ampliamos)\b/iu, 'ADD', 'LONG'],
    [/\b(?:vendemos|zeramos|encerramos|saímos de)\b/iu, 'EXIT', 'LONG'],
    [/\b(?:compramos|iniciamos|abrimos uma posição|adicionamos ao portfólio)\b/iu, 'NEW_POSITION', 'LONG'],
    [/\b(?:mantemos|seguimos com)\b/iu, 'HOLD', 'LONG'],
  ],
  it: [
    [/\b(?:ridotto|alleggerito)\b/iu, 'REDUCE', 'LONG'],
    [/\b(?:incrementato|aumentato|rafforzato)\b/iu, 'ADD', 'LONG'],
    [/\b(?:venduto|ceduto|chiuso la posizione|usciti da)\b/iu, 'EXIT', 'LONG'],
    [/\b(?:comprato|acquistato|aperto una posizione)\b/iu, 'NEW_POSITION', 'LONG'],
    [/\b(?:manteniamo|teniamo|conserviamo)\b/iu, 'HOLD', 'LONG'],
  ],
};

/** The languages a sentence may be in, the likeliest first: two function words or more, more than English's. */
export function languagesOf(sentence: string): Language[] {
  const english = sentence.match(/\b(?:the|and|we|our|of|to|is|in|it|that|with)\b/giu)?.length ?? 0;
  return (Object.entries(FUNCTION_WORDS) as [Language, RegExp][])
    .map(([language, words]) => [language, sentence.match(words)?.length ?? 0] as const)
    .filter(([, count]) => count >= 2 && count > english)
    .sort((a, b) => b[1] - a[1])
    .map(([language]) => language);
}

/** The language of a sentence when it is one of these, else null (English and anything else). */
export function languageOf(sentence: string): Language | null {
  return languagesOf(sentence)[0] ?? null;
}

/**
 * The trade a sentence in one of these languages states as the author's, or null. Close languages share function
 * words ("la", "con"), so each likely language is tried; a negation or condition in any of them is no trade.
 */
export function foreignTrade(sentence: string): { action: Action; dir: Direction } | null {
  const languages = languagesOf(sentence);
  if (languages.some((language) => NOT_A_TRADE[language].test(sentence))) return null;
  for (const language of languages) {
    if (!FIRST_PERSON[language].test(sentence)) continue;
    const trade = TRADES[language].find(([re]) => re.test(sentence));
    if (trade) return { action: trade[1], dir: trade[2] };
  }
  return null;
}
