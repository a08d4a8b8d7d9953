import { randomBytes } from 'node:crypto';
import { type LoopbackServer, startLoopbackServer } from './loopback-server';

/**
 * A loopback server speaking Massive's (formerly Polygon.io's) REST protocol for daily aggregates, for the official
 * client (@massive.com/client-js) pointed at it: GET /v2/aggs/ticker/{ticker}/range/1/day/{from}/{to} with the key in
 * `apiKey`. Its answers have Massive's shapes: the aggregate envelope (ticker, queryCount, resultsCount, adjusted,
 * results of {v, vw, o, c, h, l, t, n}, status "OK", request_id, count), a bar's `t` being the session's start at
 * midnight New York time in Unix ms; an unknown ticker is 200 with no results; a wrong key is 401 and an exhausted
 * rate limit 429, each {status: "ERROR", request_id, error}.
 */
export interface FakeMassive {
  origin: string;
  apiKey: string;
  server: LoopbackServer;
  /** Adjusted closes by ticker and day (YYYY-MM-DD); replace a ticker's map to model a split re-adjusting history. */
  closes: Map<string, Map<string, number>>;
  /** Answers 429 to every request while set. */
  rateLimited: boolean;
  /** When a number: aggregate requests answered before the rate limit answers 429 (a free plan's per-minute quota). */
  allowance: number | null;
  /** Aggregate requests received: ticker, from, to. */
  asked: { ticker: string; from: string; to: string }[];
  close(): Promise<void>;
}

/** Midnight in New York on `day`, in Unix ms: Massive's `t` for a daily bar. */
export function newYorkMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // New York is 4 hours behind UTC in summer time, 5 in winter: pick the one whose local date is `day` at 00:00.
  for (const hours of [4, 5]) {
    const t = utcMidnight + hours * 3_600_000;
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' });
    if (local.format(new Date(t)) === '00') return t;
  }
  throw new Error(`no New York midnight on ${day}`);
}

const requestId = () => randomBytes(16).toString('hex');

export async function startFakeMassive(apiKey = 'test-massive-key'): Promise<FakeMassive> {
  const fake = { closes: new Map(), rateLimited: false, allowance: null, asked: [] } as unknown as FakeMassive;
  const server = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const key = url.searchParams.get('apiKey') ?? req.headers.authorization?.replace(/^Bearer /, '');
    if (!key) return send(401, { status: 'ERROR', request_id: requestId(), error: 'API Key was not provided' });
    if (key !== apiKey) return send(401, { status: 'ERROR', request_id: requestId(), error: 'Unknown API Key' });
    if (fake.allowance !== null) {
      if (fake.allowance <= 0) fake.rateLimited = true;
      else fake.allowance -= 1;
    }
    if (fake.rateLimited) {
      return send(429, {
        status: 'ERROR',
        request_id: requestId(),
        error:
          "You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://massive.com/pricing",
      });
    }
    const m = /^\/v2\/aggs\/ticker\/([^/]+)\/range\/1\/day\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(
      url.pathname,
    );
    if (!m) return send(404, { status: 'NOT_FOUND', request_id: requestId(), message: 'Route not found' });
    const [, rawTicker, from, to] = m as unknown as [string, string, string, string];
    const ticker = decodeURIComponent(rawTicker);
    fake.asked.push({ ticker, from, to });
    const days = [...(fake.closes.get(ticker)?.entries() ?? [])]
      .filter(([day]) => day >= from && day <= to)
      .sort(([a], [b]) => a.localeCompare(b));
    if (url.searchParams.get('sort') === 'desc') days.reverse();
    const results = days.map(([day, c], i) => ({
      v: 1_000_000 + i,
      vw: c,
      o: c,
      c,
      h: c,
      l: c,
      t: newYorkMidnight(day),
      n: 1000 + i,
    }));
    const envelope = {
      ticker,
      queryCount: results.length,
      resultsCount: results.length,
      adjusted: url.searchParams.get('adjusted') !== 'false',
      ...(results.length > 0 ? { results } : {}),
      status: 'OK',
      request_id: requestId(),
      count: results.length,
    };
    return send(200, envelope);
  });
  fake.origin = server.origin;
  fake.apiKey = apiKey;
  fake.server = server;
  fake.close = () => server.close();
  return fake;
}
