/** Formatting helpers shared by the post templates, plus slug and excerpt rules. */

export function usd(value: number): string {
  return `$${value.toFixed(2)}`;
}

/** Whole-dollar price for large prices, cents for small ones, as analysts write them. */
export function price(value: number): string {
  if (value >= 1000) return `$${Math.round(value).toLocaleString('en-US')}`;
  if (value >= 100) return `$${Math.round(value)}`;
  return `$${value.toFixed(2)}`;
}

/** Amount given in billions: "$12.4 billion", or millions below one billion. */
export function billions(value: number): string {
  if (value < 1) return `$${Math.round(value * 1000)} million`;
  if (value >= 100) return `$${Math.round(value)} billion`;
  return `$${value.toFixed(1)} billion`;
}

/** Two amounts in billions, with an extra decimal when one decimal would make them look equal. */
export function billionsPair(a: number, b: number): [string, string] {
  const [x, y] = [billions(a), billions(b)];
  if (x !== y || a < 1) return [x, y];
  return [`$${a.toFixed(2)} billion`, `$${b.toFixed(2)} billion`];
}

export function pct(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

export function signedPct(value: number, digits = 1): string {
  return `${value >= 0 ? '+' : '-'}${Math.abs(value).toFixed(digits)}%`;
}

/** "up 12%", "down 2.4%" or "roughly flat": growth rates as an analyst would write them. */
export function change(value: number): string {
  const abs = Math.abs(value);
  if (abs < 0.5) return 'roughly flat';
  return `${value >= 0 ? 'up' : 'down'} ${pct(abs, abs < 10 ? 1 : 0)}`;
}

export function bp(value: number): string {
  return `${Math.abs(Math.round(value))} basis points`;
}

export function level(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function multiple(value: number): string {
  return `${Math.round(value)}x`;
}

export function upOrDown(value: number, up = 'up', down = 'down'): string {
  return value >= 0 ? up : down;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a, b and c". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Whitespace-separated words; a plain loop because summaries are measured several times per post. */
export function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 9 || c === 13;
    if (!space && !inWord) count += 1;
    inWord = !space;
  }
  return count;
}

/** Cuts at a word boundary so excerpts never end mid-word. */
export function truncateWords(text: string, maxChars: number, ellipsis = '…'): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - ellipsis.length);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')}${ellipsis}`;
}

export const MAX_SLUG_LENGTH = 80;

/** Title -> URL slug: lower case ASCII letters, digits and hyphens, starting with a letter or digit. */
export function slugify(title: string, maxLength = MAX_SLUG_LENGTH): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= maxLength) return base || 'post';
  const cut = base.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/**
 * Unique slug within a publication: the title's slug, else the slug with -2, -3 ... appended, shortened first so the
 * result still fits in MAX_SLUG_LENGTH. `next` remembers the next suffix per base slug, so a title repeated thousands
 * of times in a large corpus does not rescan every earlier suffix.
 */
export function uniqueSlug(title: string, taken: Set<string>, next = new Map<string, number>()): string {
  const base = slugify(title);
  if (!taken.has(base)) {
    taken.add(base);
    return base;
  }
  for (let n = next.get(base) ?? 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${slugify(title, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      next.set(base, n + 1);
      return candidate;
    }
  }
}

/** Calendar quarter most recently reported at `at`: in May, companies are reporting Q1. */
export function reportedQuarter(at: Date): { q: number; year: number; label: string } {
  const month = at.getUTCMonth();
  const q = Math.floor(month / 3);
  const year = q === 0 ? at.getUTCFullYear() - 1 : at.getUTCFullYear();
  const quarter = q === 0 ? 4 : q;
  return { q: quarter, year, label: `Q${quarter} ${year}` };
}

export function nextQuarterLabel(at: Date): string {
  const { q, year } = reportedQuarter(at);
  return q === 4 ? `Q1 ${year + 1}` : `Q${q + 1} ${year}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function monthName(at: Date, offset = 0): string {
  return MONTHS[(((at.getUTCMonth() + offset) % 12) + 12) % 12] ?? 'January';
}

export function weekday(at: Date): string {
  return WEEKDAYS[at.getUTCDay()] ?? 'Monday';
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
