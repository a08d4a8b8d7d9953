import type { Server } from 'node:http';

/**
 * Graceful shutdown of an HTTP server: stop accepting connections, let the requests in flight finish (a paid one
 * has its debit or settlement and its payment record written together before its answer), answer new requests on
 * kept-alive connections with 503, and cut what is left only at the deadline.
 */
export class Drain {
  private inFlight = 0;
  private draining = false;
  private idle: (() => void) | null = null;

  constructor(private readonly server: Server) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** Counts a request until its answer is finished or its connection is gone. */
  track(res: { once(event: 'close', listener: () => void): unknown }): void {
    this.inFlight++;
    res.once('close', () => {
      this.inFlight--;
      if (this.inFlight === 0) this.idle?.();
    });
  }

  /** Resolves once every request in flight has finished, or at the deadline; returns how many were cut off. */
  async drain(deadlineMs: number): Promise<number> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    const finished = new Promise<void>((resolve) => {
      if (this.inFlight === 0) resolve();
      else this.idle = resolve;
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlineMs);
    });
    const outcome = await Promise.race([finished.then(() => 'finished' as const), deadline]);
    clearTimeout(timer);
    const cut = outcome === 'deadline' ? this.inFlight : 0;
    // Kept-alive connections idle after their last answer, or requests past the deadline: closed now.
    this.server.closeAllConnections();
    await closed;
    return cut;
  }
}
