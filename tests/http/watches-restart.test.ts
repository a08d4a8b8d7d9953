import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedWatch, WatchDetail } from '@/lib/api/contracts/watches';
import { runRemoteCommand } from '@/lib/operator/remote';
import { readServiceFile } from '@/lib/operator/service-file';
import type { EventPayload } from '@/lib/watches/event-payload';
import { type LoopbackServer, startLoopbackServer } from '@/tests/helpers/loopback-server';
import { type RunningService, startService } from '@/tests/helpers/service';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Events are rows before any delivery: a post that matched a watch while no delivery ran (the service stopped before
// it could send) is delivered by the next start of the service on the same database, signed with the same secret.
const INBOUND_EMAIL_SECRET = 'test-inbound-email-secret-0123456789';
const EMAIL = 'restart-watcher@example.com';
const MAIL = [
  'From: "Credit Weekly" <news@creditweekly.example.com>',
  'To: reader@example.org',
  'Subject: Regional bank credit after the restart',
  `Date: ${new Date().toUTCString()}`,
  'Message-ID: <watch-restart-1@creditweekly.example.com>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Regional bank credit keeps deteriorating as office loans reprice and deposit costs stay high.',
  '',
].join('\r\n');

let dataDir: string;
let database: TestDatabase;
let receiver: LoopbackServer;
let service: RunningService | undefined;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

// One data directory (PGlite's database and its key file) or one PostgreSQL database for both runs of the service.
const start = (env: Record<string, string>) =>
  startService({
    ...(database.url
      ? { DATABASE_URL: database.url, FEED_CREDENTIALS_SECRET: 'restart-test-key-0123456789abcdef0123' }
      : {}),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    AI_GENERATE_ON_INGEST: 'false',
    INGEST_ALLOW_HOSTS: '127.0.0.1',
    INBOUND_EMAIL_SECRET,
    ...env,
  });
const command = (name: string, args: Record<string, unknown> = {}) =>
  runRemoteCommand(readServiceFile(dataDir)!, name, args);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'finpub-watch-restart-'));
  database = await createTestDatabase();
  receiver = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('watch events across a restart', () => {
  it('delivers, after a restart, the event a post matched while nothing was delivering', async () => {
    // The first run delivers nothing: no jobs engine, as a process stopped between matching and delivery.
    service = await start({ JOBS_LOCAL: 'false' });
    await command('users create', { email: EMAIL });
    const { key } = (await command('keys create', { email: EMAIL })) as { key: string };
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const response = await fetch(new URL('/api/v1/watches', service.url), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ kind: 'query', query: 'regional bank credit', webhookUrl: `${receiver.origin}/hook` }),
    });
    expect(response.status).toBe(201);
    const created = CreatedWatch.parse(await response.json());
    const mail = await fetch(new URL('/api/webhooks/email', service.url), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${INBOUND_EMAIL_SECRET}` },
      body: MAIL,
    });
    expect(await mail.json()).toMatchObject({ status: 'stored' });
    const before = WatchDetail.parse(
      await (await fetch(new URL(`/api/v1/watches/${created.watch.id}`, service.url), { headers: auth })).json(),
    );
    expect(before.recentEvents).toMatchObject([{ deliveryStatus: 'pending', attempts: 0 }]);
    await service.stop();
    service = undefined;
    expect(received).toHaveLength(0);

    // The next start, with its jobs engine, finds the row (the every-minute retry sweep) and sends it once.
    service = await start({});
    const deadline = Date.now() + 100_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toHaveLength(1);
    const event = new Webhook(created.secret).verify(
      received[0]!.body,
      received[0]!.headers as Record<string, string>,
    ) as EventPayload;
    expect(event.data.post.title).toBe('Regional bank credit after the restart');
    expect(received[0]!.headers['webhook-id']).toBe(before.recentEvents[0]!.id);
  }, 240_000);
});
