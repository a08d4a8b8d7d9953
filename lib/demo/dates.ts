import type { Rng } from './random';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WINDOW_DAYS = 120;

/**
 * Where in time a post falls. Fixed shares for today, yesterday and the rest of the week guarantee that time-window
 * searches ("today", "this week") always find something, whatever the seed; the long tail covers 120 days.
 */
export type Segment = 'today' | 'yesterday' | 'week' | 'month' | 'older';

const SEGMENT_WEIGHTS: Record<Segment, number> = {
  today: 0.035,
  yesterday: 0.045,
  week: 0.14,
  month: 0.26,
  older: 0.52,
};
const FALLBACK: Record<Segment, Segment | null> = {
  today: 'yesterday',
  yesterday: 'week',
  week: 'month',
  month: 'older',
  older: null,
};

export function startOfUtcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS) * DAY_MS;
}

function bounds(segment: Segment, now: Date): [number, number] {
  const t = now.getTime();
  const today = startOfUtcDay(now);
  switch (segment) {
    case 'today':
      return [today, t];
    case 'yesterday':
      return [today - DAY_MS, today];
    case 'week':
      return [t - 7 * DAY_MS, today - DAY_MS];
    case 'month':
      return [t - 30 * DAY_MS, t - 7 * DAY_MS];
    default:
      return [t - WINDOW_DAYS * DAY_MS, t - 30 * DAY_MS];
  }
}

export function pickSegment(rng: Rng): Segment {
  return rng.weightedKey(SEGMENT_WEIGHTS);
}

/**
 * A publication time inside the segment, strictly before `upper` (the publication's last sync, or now) and never
 * earlier than the 120-day window. An empty segment (say "today" just after midnight) falls back to an older one.
 */
export function timeIn(segment: Segment, now: Date, upper: Date, rng: Rng): Date {
  let current: Segment | null = segment;
  const floor = now.getTime() - WINDOW_DAYS * DAY_MS;
  while (current) {
    const [from, to] = bounds(current, now);
    const lo = Math.max(from, floor);
    const hi = Math.min(to, upper.getTime());
    if (hi - lo > MINUTE_MS) {
      // Whole seconds, like feed timestamps; rounding up keeps the result inside [lo, hi).
      return new Date(Math.ceil((lo + rng.float(0, hi - lo - 1000)) / 1000) * 1000);
    }
    current = FALLBACK[current];
  }
  return new Date(Math.max(floor, upper.getTime() - HOUR_MS));
}

export function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export function addMs(at: Date, ms: number): Date {
  return new Date(at.getTime() + ms);
}
