import type { Server } from 'node:http';

/** A drain ends once no request is in flight and none has arrived for this long. */
const QUIET_MS = 250;

/**
 * Graceful shutdown of an HTTP server: stop taking new work (new requests answer 503), let the requests in flight
 * finish (a paid one has its debit or settlement and its payment record written before its answer), and close the
 * listener and every connection once all is quiet, or at the deadline, cutting what still runs.
 */
export class Drain {
  private inFlight = 0;
  private draining = false;
  private lastArrival = 0;

  constructor(private readonly server: Server) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** Notes every request as it arrives, answered or refused: a drain waits until they stop coming. */
  noteArrival(): void {
    this.lastArrival = Date.now();
  }

  /** Counts a request until its answer is finished or its connection is gone. */
  track(res: { once(event: 'close', listener: () => void): unknown }): void {
    this.inFlight++;
    res.once('close', () => this.inFlight--);
  }

  /** Resolves once every request has been answered and the connections are closed; returns how many were cut off. */
  async drain(deadlineMs: number): Promise<number> {
    // From now on new requests are refused with 503 (server.ts checks isDraining), so no new work starts. The
    // listener stays open until all is quiet: closing it at once would reset the connections still waiting in the
    // kernel's accept queue, and those clients would not know whether their request was taken.
    this.draining = true;
    const deadline = Date.now() + deadlineMs;
    while (Date.now() < deadline && (this.inFlight > 0 || Date.now() - this.lastArrival < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const cut = this.inFlight;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    return cut;
  }
}
