/**
 * The time a question asks about ("…in February 2021?", "…in the third quarter of 2011?", "…in 2018-19?"), and
 * whether a passage speaks of another one. A passage that names the subject and the thing asked with a different year,
 * month or quarter ("BetterHelp spent $X on podcasts in January", asked February's spending) states another fact of the
 * subject; sold as the answer, it is a paid miss. A passage that names no time at all is left to the other tests: a post
 * of January 2017 says "last year" for 2016.
 */

/** Plain arrays, so that a subject saved as JSON (tests/briefs-eval/claim-rows.ts) keeps them. */
export interface TimeMarks {
  years: number[];
  /** 1-12. */
  months: number[];
  /** 1-4. */
  quarters: number[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** A month by name ("Sept." and "Dec" too); "May" and "March" only beside a day or a year, or after "in". */
const MONTH =
  /\b(?:(in|of|since|early|late|mid-?)\s+)?(jan(?:uary|\.)?|feb(?:ruary|\.)?|march|mar\.|april|apr\.|may|june|july|aug(?:ust|\.)?|sept?(?:ember|\.)?|oct(?:ober|\.)?|nov(?:ember|\.)?|dec(?:ember|\.)?)(?=[\s,.;:!?)]|$)(\s+\d{1,4})?/giu;
/** A year of this era, and a fiscal year's second half ("2018-19", "2018/19"). */
const YEAR =
  /\b(since\s+|from\s+)?((?:19|20)\d\d)(?:\s*[-–/]\s*(\d\d))?\b(?!\s*(?:%|percent|million|billion|bn|m\b))/giu;
const QUARTER =
  /\b(?:(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+quarter|q([1-4])\b|(?:the\s+)?([1-4])q\b)|\b(h[12])\b/giu;
const ORDINAL: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
};

/**
 * The years, months and quarters a text names as its time. A year after "since" or "from" is where a comparison
 * starts ("the best since 2009"), not the time spoken of; a short month name that is an everyday word ("may",
 * "march") counts only with a day or year beside it or after "in".
 */
export function timeMarks(text: string): TimeMarks {
  const marks = { years: new Set<number>(), months: new Set<number>(), quarters: new Set<number>() };
  for (const m of text.matchAll(YEAR)) {
    if (m[1]) continue;
    const year = Number(m[2]);
    marks.years.add(year);
    if (m[3]) marks.years.add(Math.floor(year / 100) * 100 + Number(m[3]));
  }
  for (const m of text.matchAll(MONTH)) {
    const name = m[2]!.toLowerCase().replace(/\.$/u, '');
    if (m[1]?.toLowerCase() === 'since') continue;
    const everyday = name === 'may' || name === 'march' || name === 'mar';
    if (everyday && !(m[1] || m[3])) continue;
    const month = MONTHS.findIndex((full) => full.startsWith(name));
    if (month >= 0) marks.months.add(month + 1);
  }
  for (const m of text.matchAll(QUARTER)) {
    const q = m[1] ? ORDINAL[m[1].toLowerCase()] : Number(m[2] ?? m[3] ?? 0);
    if (q) marks.quarters.add(q);
  }
  return { years: [...marks.years], months: [...marks.months], quarters: [...marks.quarters] };
}

/** The time a question asks about, or null when it names none. */
export function askedTime(question: string): TimeMarks | null {
  const marks = timeMarks(question);
  return marks.years.length + marks.months.length + marks.quarters.length > 0 ? marks : null;
}

const disjoint = (asked: readonly number[], said: readonly number[]) =>
  asked.length > 0 && said.length > 0 && !said.some((x) => asked.includes(x));

/**
 * Whether a passage speaks of another time than the one asked: it names a year, month or quarter of the kind the
 * question names, and none of the question's.
 */
export function statesOtherTime(asked: TimeMarks | null, passage: string): boolean {
  if (!asked) return false;
  const said = timeMarks(passage);
  return (
    disjoint(asked.years, said.years) || disjoint(asked.months, said.months) || disjoint(asked.quarters, said.quarters)
  );
}
