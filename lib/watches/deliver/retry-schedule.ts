/**
 * When a failed delivery is tried again, after each failed attempt: the Standard Webhooks spec's suggested schedule,
 * cut to a day in all (5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h: 23 h 35 min after the first attempt). After the
 * last one fails the event is `failing` and the watch shows it.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 28_800_000, 28_800_000] as const;

/** The time of the next attempt after `attempts` failed ones, or null when the retries are spent. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
