/**
 * A concurrency limiter keyed by host: at most `perHost` tasks run for one host and `total` overall. Waiting tasks
 * are started in arrival order, skipping those whose host is full, so a slow or hanging host only ever holds its own
 * `perHost` slots and every other host keeps moving. The queue is bounded: past `maxQueued`, `run` rejects at once.
 */
export class HostLimiterError extends Error {
  readonly code: 'queue_full' | 'invalid_host';
  constructor(code: 'queue_full' | 'invalid_host', message: string) {
    super(message);
    this.name = 'HostLimiterError';
    this.code = code;
  }
}

export interface HostLimiter {
  run<T>(host: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running now, for one host or in all. */
  active(host?: string): number;
  /** Tasks waiting for a slot. */
  queued(): number;
}

interface Waiting {
  host: string;
  start: () => void;
}

export function createHostLimiter(options: { perHost: number; total: number; maxQueued?: number }): HostLimiter {
  const { perHost, total } = options;
  const maxQueued = options.maxQueued ?? 1000;
  for (const [name, value] of Object.entries({ perHost, total, maxQueued })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  }
  const running = new Map<string, number>();
  let runningTotal = 0;
  const waiting: Waiting[] = [];

  const canStart = (host: string) => runningTotal < total && (running.get(host) ?? 0) < perHost;

  function pump(): void {
    for (let index = 0; index < waiting.length && runningTotal < total; ) {
      const next = waiting[index]!;
      if (canStart(next.host)) {
        waiting.splice(index, 1);
        next.start();
      } else {
        index += 1;
      }
    }
  }

  function run<T>(rawHost: string, task: () => Promise<T>): Promise<T> {
    if (typeof rawHost !== 'string' || rawHost.trim() === '') {
      return Promise.reject(new HostLimiterError('invalid_host', 'Host limiter needs a host name'));
    }
    const host = rawHost.trim().toLowerCase();
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        runningTotal += 1;
        running.set(host, (running.get(host) ?? 0) + 1);
        // A task that throws synchronously fails its own promise, like one that rejects.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            runningTotal -= 1;
            const left = (running.get(host) ?? 1) - 1;
            if (left === 0) running.delete(host);
            else running.set(host, left);
            pump();
          });
      };
      if (canStart(host) && waiting.length === 0) return start();
      if (waiting.length >= maxQueued) {
        return reject(new HostLimiterError('queue_full', `Host limiter queue is full (${maxQueued} waiting)`));
      }
      waiting.push({ host, start });
      pump();
    });
  }

  return {
    run,
    active: (host) => (host === undefined ? runningTotal : (running.get(host.toLowerCase()) ?? 0)),
    queued: () => waiting.length,
  };
}
