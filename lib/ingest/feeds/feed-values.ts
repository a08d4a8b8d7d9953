/**
 * Resolves a possibly relative reference against a base; only http(s) results count, so `javascript:` or `data:`
 * links from a hostile feed never come out as URLs.
 */
export function absoluteUrl(value: string | null | undefined, base: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 4096) return null;
  try {
    const url = base ? new URL(trimmed, base) : new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The base a nested xml:base gives: relative to the parent's base, ignored when unreadable. */
export function nestedBase(xmlBase: string | null | undefined, parent: string): string {
  return absoluteUrl(xmlBase, parent) ?? parent;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The earliest date believed. Before it come placeholders of empty date fields (.NET's 0001-01-01, SQL Server's
 * 1900-01-01) and years PostgreSQL cannot store at all (year 0, the negative years JavaScript reads).
 */
export const EARLIEST_DATE = Date.UTC(1900, 0, 2);

/**
 * A feed date as a Date, never an Invalid Date. A date more than a day ahead of `now` is a typo or a wrong time zone
 * (or a scheduled post leaked early); it becomes null rather than pinning the post at the top of every "latest"
 * list, and so does a date before 2 January 1900 (EARLIEST_DATE). Null lets the sync fall back to the time it first
 * saw the post. The Unix epoch (1970) is a real date and is kept.
 */
export function feedDate(value: unknown, now: Date): Date | null {
  if (value == null) return null;
  const text = String(value).trim();
  if (text.length === 0 || text.length > 100) return null;
  let date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    // RFC 822 with a zone JavaScript does not know ("Mon, 03 Nov 2025 14:00:00 CET"): read it as UTC.
    const withoutZone = text.replace(/\s+[A-Z]{2,5}$/, ' GMT');
    date = new Date(withoutZone);
  }
  return believableDate(date, now);
}

/** The date, or null when it is invalid, more than a day ahead of `now`, or before EARLIEST_DATE. */
export function believableDate(date: Date | null, now: Date): Date | null {
  const time = date?.getTime() ?? Number.NaN;
  if (Number.isNaN(time) || time > now.getTime() + DAY_MS || time < EARLIEST_DATE) return null;
  return date;
}

/**
 * A language tag as BCP 47 (`en-us` → `en-US`, `EN` → `en`, `pt_BR` → `pt-BR`), or null when it is not one. The
 * primary subtag must be 2-3 letters: feeds write "English" or "us" far more often than real 5-8 letter tags.
 */
export function normalizeLanguage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/_/g, '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(text)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(text);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** A positive whole number, or null: lengths of 0 and -1 are placeholders in real feeds. */
export function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.floor(number) : null;
}

/** Makes href and src attributes in raw HTML absolute, so the content still links correctly away from its feed. */
export function absolutizeHtml(html: string, base: string): string {
  return html.replace(
    /(\s(?:href|src|poster)\s*=\s*)(["'])([^"']*)\2/gi,
    (whole, prefix: string, quote: string, value: string) => {
      if (value.length === 0 || value.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return whole;
      const resolved = absoluteUrl(value.replace(/&amp;/g, '&'), base);
      return resolved ? `${prefix}${quote}${resolved.replace(/&/g, '&amp;')}${quote}` : whole;
    },
  );
}
