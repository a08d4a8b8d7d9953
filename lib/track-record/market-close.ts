/**
 * When a US trading day's close happens: 16:00 in New York, 20:00 UTC in summer time and 21:00 UTC in winter time.
 * Early closes (13:00 on a few half days) are not modelled: a post published between 13:00 and 16:00 on such a day
 * enters at that day's close, which had already happened (docs/track-record.md says so).
 */
const newYorkHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/New_York',
  hour: '2-digit',
  hourCycle: 'h23',
});

const cache = new Map<string, number>();

/** The instant (Unix ms) of the 16:00 New York close on `day` (YYYY-MM-DD). */
export function closeInstant(day: string): number {
  const cached = cache.get(day);
  if (cached !== undefined) return cached;
  const summer = Date.parse(`${day}T20:00:00Z`);
  const instant = newYorkHour.format(new Date(summer)) === '16' ? summer : summer + 3_600_000;
  if (cache.size > 50_000) cache.clear();
  cache.set(day, instant);
  return instant;
}
