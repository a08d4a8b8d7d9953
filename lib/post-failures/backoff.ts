const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 24 * 60 * 60_000;

/**
 * How long a stage waits before its next try after `attempts` failures: a minute, then four times longer each time,
 * at most a day. A fault fixed by a deploy is picked up within the day; a post that can never work costs one try a day.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1));
}
