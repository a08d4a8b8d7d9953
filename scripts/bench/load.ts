import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requests: number;
  non2xx: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

// The load parts measure the service's own speed: one client far above any per-client limit, so limits are off there.
export const NO_RATE_LIMITS = {
  RATE_LIMIT_FREE: '0',
  RATE_LIMIT_CHALLENGE: '0',
  RATE_LIMIT_PAID: '0',
  RATE_LIMIT_GENERATION: '0',
  RATE_LIMIT_ACCOUNT: '0',
};

/** A latency in a printed row, aligned. */
export const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

/** The p-th percentile (nearest rank) of an ascending list; NaN for an empty one. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Drives one URL with autocannon for a fixed time. autocannon's summary has no p95, so every response time is kept
 * and the percentiles are computed exactly.
 */
export async function measure(
  name: string,
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    /** Paths asked in turn across all connections (a query mix) instead of the URL's own: no two alike at once. */
    paths?: string[];
    /** Given every response time, ascending (for percentiles over several runs). */
    onTimes?: (times: number[]) => void;
  },
): Promise<LoadResult> {
  const times: number[] = [];
  let turn = 0;
  const paths = options.paths;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers ?? {},
        method: options.method ?? 'GET',
        ...(paths && {
          requests: [{ setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length]! }) }],
        }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  options.onTimes?.(times);
  return {
    name,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    rps: result.requests.total / options.seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}
