/** How many buckets are remembered; when full the memory is cleared (it only ever shortens work). */
const BLOCKED_BUCKETS_MAX = 10_000;

/**
 * Buckets known to be over their limit, until when (ms): a client being refused costs no database round trip, so a
 * flood from one client cannot take the connections that other clients' requests need. One per process (AppContext),
 * read by server.ts's early refusal too.
 */
export class BlockedBuckets {
  private readonly until = new Map<string, number>();

  /** Seconds until a bucket known to be over its limit accepts again; null when it is not known to be. */
  secondsLeft(bucket: string, now = Date.now()): number | null {
    const until = this.until.get(bucket);
    return until !== undefined && until > now ? Math.ceil((until - now) / 1000) : null;
  }

  block(bucket: string, until: number): void {
    if (this.until.size >= BLOCKED_BUCKETS_MAX) this.until.clear();
    this.until.set(bucket, until);
  }

  forget(bucket: string): void {
    this.until.delete(bucket);
  }
}
