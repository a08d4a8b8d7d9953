import autocannon from 'autocannon';
import type { RunningService } from '@/tests/helpers/service';
import { readyPostPath } from '@/tests/helpers/service-posts';
import { percentile } from './load';
import { processMemory } from './memory';
import { operator } from './payments';

export interface OverloadBench {
  /** Free-search requests per second the service answers from many clients (each under its limit). */
  sustainableRps: number;
  floodRps: number;
  flood: { requests: number; share429: number; share2xx: number; p95: number };
  buyer: { requests: number; successRate: number; p50: number; p95: number; rps: number };
  peakMiB: number;
}

interface Run {
  total: number;
  byStatus: Record<string, number>;
  times: number[];
}

const SEARCH = '/api/v1/search?q=nvidia%20data%20center%20guidance';

/** One autocannon run, every response's status and time kept (for exact shares and percentiles). */
function run(options: autocannon.Options): Promise<Run> {
  const times: number[] = [];
  const byStatus: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ total: result.requests.total, byStatus, times: times.sort((a, b) => a - b) });
    });
    instance.on('response', (_client, status, _bytes, time) => {
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      times.push(time);
    });
  });
}

let nextClient = 0;
/** A different client address per request (the service trusts X-Forwarded-For here, as behind a load balancer). */
const manyClients = (request: autocannon.Request) => ({
  ...request,
  headers: {
    ...request.headers,
    'x-forwarded-for': `10.${(++nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient & 255}`,
  },
});

/**
 * Overload: first the sustainable free-search rate (ten connections, each request from its own client, so no limit
 * applies); then one client floods free search at ten times that rate while a buyer with an API key buys a post at
 * a steady rate within its own limit. Reported: the buyer's success rate and latency, the flood's 429 share, and the
 * service's peak memory.
 */
export async function benchOverload(service: RunningService, seconds: number): Promise<OverloadBench> {
  const capacity = await run({
    url: service.url + SEARCH,
    connections: 10,
    duration: seconds,
    requests: [{ setupRequest: manyClients }],
  });
  const sustainableRps = capacity.total / seconds;

  const post = await readyPostPath(service.url);
  await operator(service, 'users create', { email: 'overload-buyer@example.com' });
  const { key } = (await operator(service, 'keys create', { email: 'overload-buyer@example.com' })) as { key: string };
  await operator(service, 'credits grant', { email: 'overload-buyer@example.com', cents: 1_000_000 });

  const floodRps = Math.round(sustainableRps * 10);
  const [flood, buyer] = await Promise.all([
    run({
      url: service.url + SEARCH,
      connections: 50,
      overallRate: floodRps,
      duration: seconds,
      headers: { 'x-forwarded-for': '203.0.113.66' },
    }),
    // Eight purchases a second: 480 a minute, inside the default paid limit of 600 per key.
    run({
      url: service.url + post,
      connections: 1,
      overallRate: 8,
      duration: seconds,
      headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': '198.51.100.23' },
    }),
  ]);
  const ok = (r: Run) => Object.entries(r.byStatus).reduce((n, [s, c]) => (s.startsWith('2') ? n + c : n), 0);
  return {
    sustainableRps,
    floodRps,
    flood: {
      requests: flood.total,
      share429: (flood.byStatus['429'] ?? 0) / Math.max(1, flood.total),
      share2xx: ok(flood) / Math.max(1, flood.total),
      p95: percentile(flood.times, 95),
    },
    buyer: {
      requests: buyer.total,
      successRate: ok(buyer) / Math.max(1, buyer.total),
      p50: percentile(buyer.times, 50),
      p95: percentile(buyer.times, 95),
      rps: buyer.total / seconds,
    },
    peakMiB: processMemory(service.process.pid!)?.peakMiB ?? Number.NaN,
  };
}
