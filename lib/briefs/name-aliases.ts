import { keyedWords } from './word-keys';

/**
 * Names written in other words that mean the same subject: a country and its people's adjective ("Germany",
 * "German"), a country's short and long forms ("US", "United States", "America"), institutions and their short
 * names ("Federal Reserve", "Fed"). Each group is one subject; a question naming any member is answered by a sentence
 * naming any other. Acronyms of a question's own multi-word names ("Affordable Care Act", "ACA") are made where they
 * are read (subject.ts), not listed here.
 */
export const NAME_ALIASES: readonly (readonly string[])[] = [
  ['US', 'U.S.', 'USA', 'United States', 'America', 'American', 'Americans'],
  ['UK', 'U.K.', 'United Kingdom', 'Britain', 'British', 'Great Britain'],
  ['EU', 'European Union'],
  ['Fed', 'Federal Reserve', 'FOMC'],
  ['ECB', 'European Central Bank'],
  ['BoE', 'Bank of England'],
  ['BOJ', 'Bank of Japan'],
  ['IMF', 'International Monetary Fund'],
  ['OPEC', 'Organization of the Petroleum Exporting Countries'],
  ['China', 'Chinese', 'Beijing'],
  ['Germany', 'German', 'Germans'],
  ['France', 'French'],
  ['Russia', 'Russian', 'Russians', 'Kremlin', 'Moscow'],
  ['Japan', 'Japanese'],
  ['India', 'Indian', 'Indians'],
  ['Italy', 'Italian', 'Italians'],
  ['Spain', 'Spanish'],
  ['Mexico', 'Mexican', 'Mexicans'],
  ['Canada', 'Canadian', 'Canadians'],
  ['Brazil', 'Brazilian', 'Brazilians'],
  ['Argentina', 'Argentine', 'Argentinian', 'Argentinians', 'Argentines'],
  ['Chile', 'Chilean', 'Chileans'],
  ['Australia', 'Australian', 'Australians'],
  ['Ireland', 'Irish'],
  ['Greece', 'Greek', 'Greeks'],
  ['Turkey', 'Turkish'],
  ['Iran', 'Iranian', 'Iranians', 'Tehran'],
  ['Israel', 'Israeli', 'Israelis'],
  ['Ukraine', 'Ukrainian', 'Ukrainians', 'Kyiv', 'Kiev'],
  ['Poland', 'Polish'],
  ['Sweden', 'Swedish'],
  ['Norway', 'Norwegian'],
  ['Switzerland', 'Swiss'],
  ['Netherlands', 'Dutch'],
  ['Venezuela', 'Venezuelan', 'Venezuelans'],
  ['Saudi Arabia', 'Saudi', 'Saudis'],
  ['South Korea', 'Korean', 'Seoul'],
  ['North Korea', 'North Korean', 'Pyongyang'],
  ['Vietnam', 'Vietnamese'],
  ['Indonesia', 'Indonesian'],
  ['Pakistan', 'Pakistani'],
  ['Nigeria', 'Nigerian'],
  ['South Africa', 'South African'],
  ['Egypt', 'Egyptian'],
  ['Taiwan', 'Taiwanese'],
  ['Europe', 'European', 'Europeans', 'eurozone', 'euro zone', 'euro area'],
  ['Republicans', 'Republican', 'GOP'],
  ['Democrats', 'Democrat', 'Democratic'],
  ['Congress', 'congressional'],
  ['White House', 'Trump administration', 'Biden administration'],
  ['Alphabet', 'Google'],
  ['Meta', 'Facebook'],
  ['bitcoin', 'BTC'],
  ['ether', 'Ethereum'],
];

/** The groups above that name places (countries and regions). */
export const PLACE_GROUPS: readonly (readonly string[])[] = NAME_ALIASES.slice(
  0,
  NAME_ALIASES.findIndex((group) => group[0] === 'Republicans'),
).filter((group) => !/^(?:Fed|ECB|BoE|BOJ|IMF|OPEC)$/u.test(group[0]!));

/** A name's key, as the claim test matches it: its words' keys. */
export const nameKey = (name: string) =>
  keyedWords(name)
    .map((word) => word.key)
    .join(' ');

/** The place groups' names by key: a place qualifying a noun ("UK restaurants") is read as optional. */
export const PLACES: ReadonlySet<string> = new Set(PLACE_GROUPS.flat().map(nameKey));
