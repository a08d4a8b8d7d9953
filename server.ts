/**
 * The service process: validates configuration, opens and migrates the database (loading demo data into an empty
 * embedded one) before accepting requests, serves the built Next.js app, and closes everything on SIGINT/SIGTERM.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import next from 'next';
import { malformedPathResponse } from '@/lib/api/malformed-path';
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import { thisProcess } from '@/lib/db/owner/process-identity';
import { seedDemoCorpus } from '@/lib/demo/load';
import { demoSeeder } from '@/lib/demo/seeder';
import { env } from '@/lib/env';
import { ALL_JOBS } from '@/lib/jobs/all';
import { Drain } from '@/lib/operations/drain';
import { stampRequest } from '@/lib/operations/request-context';
import { logRequestWhenDone } from '@/lib/operations/request-log';
import { operatorReachable } from '@/lib/operator/operator-network';
import { removeServiceFile, writeServiceFile } from '@/lib/operator/service-file';
import { filedLinesRemain, moveFiledLinesSoon } from '@/lib/payments/settlements/outbox';
import { startWalletPayments } from '@/lib/payments/start';
import { earlyRefusal } from '@/lib/rate-limits/early-refusal';
import { loadPostingsAhead } from '@/lib/search/index/index-on-open';

/** Request headers (the request line included) above this answer 431; Node's own default, stated. */
const MAX_HEADER_BYTES = 16 * 1024;
/** URLs (path and query) above this answer 414: no route takes anything near it. */
const MAX_URL_BYTES = 8 * 1024;
/** How long a stopping service waits for requests in flight before it cuts them off. */
const SHUTDOWN_GRACE_MS = 10_000;

function sendJsonError(
  res: ServerResponse,
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
  requestId?: string,
): void {
  const body = requestId ? { error, code, requestId } : { error, code };
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function main() {
  const config = env();
  // The process's dependencies, built once before it listens. The demo corpus is wired in here, at the entry point:
  // the database layer and the operator commands know only a seeder. It fills an empty embedded catalogue at
  // start-up, and the admin `seed` command loads it on demand. Wallet payments (the sandbox's chains) and the
  // in-process jobs engine are started by the service alone.
  const context = await openAppContext({
    seed: config.seedDemoData ? demoSeeder({ seed: config.DEMO_SEED, posts: config.DEMO_POSTS }) : null,
    corpusSeeder: seedDemoCorpus,
    walletPayments: startWalletPayments,
    jobs: ALL_JOBS,
    // The lock on DATA_DIR says a service owns it: a second service refuses, the admin CLI waits for operator.json.
    ownerRole: 'service',
  });
  // Outbox lines this instance filed when its database refused them: only it can read them, so it moves them itself.
  if (filedLinesRemain()) moveFiledLinesSoon(context.db);
  // The service searches: its postings load now, not at the first search (an admin command never loads them).
  loadPostingsAhead(context.db, (line) => console.log(line));
  console.log(
    `database: ${context.db.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
  );

  if (config.NODE_ENV === 'production' && !config.PUBLIC_BASE_URL && !config.TRUST_PROXY) {
    console.warn('warning: PUBLIC_BASE_URL is not set: absolute URLs use the Host header each request sends');
  }
  // Without Inngest the jobs (feed sync, summaries, picks, embeddings) run here, from the durable queue in the database.
  if (context.jobs) {
    console.log(`jobs: in-process (${ALL_JOBS.length} jobs, feed sync on "${config.FEED_SYNC_CRON}")`);
  } else console.log(`jobs: ${config.jobsEngine === 'inngest' ? 'Inngest, served at /api/inngest' : 'off'}`);

  // Next is told the address it really listens on, which is known only after listening (PORT=0 picks a free one):
  // a server action that redirects fetches the target page from that origin, by default localhost:3000.
  let resolveHandler: (handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) => void = () => {};
  const nextHandler = new Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>>(
    (resolve) => (resolveHandler = resolve),
  );

  const hsts = config.PUBLIC_BASE_URL?.startsWith('https://') === true;
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: 60_000 }, (req, res) => {
    const stamp = stampRequest(req, res, config.TRUST_PROXY === true);
    // Only a service whose public origin is https may ask browsers to refuse plain HTTP from now on.
    if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    logRequestWhenDone(req, res, stamp);
    drain.noteArrival();
    if (drain.isDraining) {
      sendJsonError(
        res,
        503,
        'The service is shutting down: retry shortly.',
        'service_busy',
        { 'Retry-After': '2', Connection: 'close' },
        stamp.requestId,
      );
      return;
    }
    drain.track(res);
    const refused = earlyRefusal(req.method ?? 'GET', req.url ?? '/', stamp.clientIp, config, context.limits);
    if (refused) {
      res.writeHead(refused.status, refused.headers).end(refused.body);
      return;
    }
    if ((req.url ?? '/').length > MAX_URL_BYTES) {
      sendJsonError(res, 414, `The URL is longer than ${MAX_URL_BYTES} bytes.`, 'uri_too_long');
      return;
    }
    const malformed = malformedPathResponse(req.url ?? '/');
    if (malformed) {
      res.writeHead(malformed.status, { 'content-type': malformed.contentType }).end(malformed.body);
      return;
    }
    if (!operatorReachable(req.url ?? '/', req.socket.remoteAddress, config.OPERATOR_REMOTE === true)) {
      sendJsonError(res, 404, 'Not found', 'not_found');
      return;
    }
    void nextHandler.then((handle) => handle(req, res));
  });
  // Headers over the limit (and other unparsable requests) never reach the handler: answer in the API's shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return;
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? { error: `Request headers exceed ${MAX_HEADER_BYTES} bytes.`, code: 'headers_too_large' }
        : { error: 'Malformed HTTP request.', code: 'malformed_request' },
    );
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  const drain = new Drain(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // The sandbox's chains and the database were started for nothing: stopped, then the reason said plainly.
    await closeAppContext();
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') {
      throw new Error(
        `port ${config.PORT} on ${config.HOST} is already in use (another instance?): stop it or set PORT`,
      );
    }
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const localHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = `http://${localHost}:${port}`;
  const app = next({ dev: false, dir: process.cwd(), hostname: localHost, port });
  await app.prepare();
  resolveHandler(app.getRequestHandler());
  // Who wrote it and on which database, so that an admin CLI started without DATABASE_URL still finds this service.
  writeServiceFile(config.DATA_DIR, { ...thisProcess(), url, token: context.operatorToken, database: context.db.kind });
  console.log(`ready: listening on ${url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down, letting requests in flight finish (up to ${SHUTDOWN_GRACE_MS} ms)`);
    removeServiceFile(config.DATA_DIR);
    const cut = await drain.drain(SHUTDOWN_GRACE_MS);
    if (cut > 0) console.warn(`shutdown: ${cut} request(s) still running at the deadline were cut off`);
    await closeAppContext();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
