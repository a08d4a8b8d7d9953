/**
 * Runs `attempt` on all the items at once and, when it fails, on each half, and so on until every failing item stands
 * alone: those are handed to `quarantine` with their error, and every other item went through. A batch of n items with
 * one bad item costs about 2·log2(n) extra attempts. `attempt` must be all-or-nothing (one transaction).
 */
export async function isolateFailures<T>(
  items: readonly T[],
  attempt: (items: readonly T[]) => Promise<void>,
  quarantine: (item: T, error: unknown) => Promise<void>,
  options: {
    signal?: AbortSignal;
    /** Whether an error can be an item's fault; one that cannot (a provider down) is thrown at once. */
    isItemFault?: (error: unknown) => boolean;
  } = {},
): Promise<void> {
  if (items.length === 0) return;
  try {
    await attempt(items);
    return;
  } catch (error) {
    // A stop (the database closing) fails every attempt: that is no item's fault.
    if (options.signal?.aborted || options.isItemFault?.(error) === false) throw error;
    if (items.length === 1) return quarantine(items[0]!, error);
  }
  const middle = Math.ceil(items.length / 2);
  await isolateFailures(items.slice(0, middle), attempt, quarantine, options);
  await isolateFailures(items.slice(middle), attempt, quarantine, options);
}
