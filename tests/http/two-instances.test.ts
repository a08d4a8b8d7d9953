import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '@/tests/helpers/paid';
import { type RunningService, startService } from '@/tests/helpers/service';
import { readyPostPath, serviceCommand } from '@/tests/helpers/service-posts';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/test-database';

// Two service processes on one PostgreSQL database, started at the same moment on an empty database (both seed).
// Their x402 goes to the shared test service's sandbox facilitator, as a production pair would share a hosted one.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one database', () => {
  let database: TestDatabase;
  let instances: RunningService[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { x402 } = sandbox();
    const config = {
      DATABASE_URL: database.url!,
      SEED_DEMO_DATA: 'true',
      DEMO_POSTS: '200',
      JOBS_LOCAL: 'false',
      PAYMENT_SANDBOX: 'false',
      PAYMENT_ACCEPT_DEV_KEYS: 'true',
      X402_NETWORK: x402.network,
      X402_PAY_TO: x402.payTo,
      X402_FACILITATOR_URL: x402.facilitatorUrl,
      RATE_LIMIT_PAID: '0',
      RATE_LIMIT_CHALLENGE: '0',
    };
    instances = await Promise.all([startService(config), startService(config)]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  });

  const on = (i: number, path: string, init?: RequestInit) => fetch(new URL(path, instances[i]!.url), init);
  const command = (name: string, args: Record<string, unknown>) => serviceCommand(instances[0]!, name, args);

  it('both start and serve the same catalogue', async () => {
    const [a, b] = await Promise.all([0, 1].map(async (i) => (await on(i, '/api/v1/publications')).json()));
    expect((a as { publications: unknown[] }).publications.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('200 simultaneous requests split across both against a balance for 50: exactly 50 answers', async () => {
    const post = await readyPostPath(instances[0]!.url);
    await command('users create', { email: 'two@example.com' });
    const { key } = (await command('keys create', { email: 'two@example.com' })) as { key: string };
    await command('credits grant', { email: 'two@example.com', cents: 50 * 10 });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const response = await on(i % 2, post, { headers: { authorization: `Bearer ${key}` } });
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 403)).toHaveLength(150);
    const balance = (await command('balance', { email: 'two@example.com' })) as { purchasedCents: number };
    expect(balance.purchasedCents).toBe(0);
    const { payments } = (await command('payments', { limit: 1000 })) as { payments: Array<{ email: string | null }> };
    expect(payments.filter((p) => p.email === 'two@example.com')).toHaveLength(50);
  });

  it('an x402 payment taken by one instance is refused when replayed on the other', async () => {
    const post = await readyPostPath(instances[0]!.url);
    let signature: string | null = null;
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      signature ??= request.headers.get('payment-signature');
      return fetch(request);
    };
    const account = privateKeyToAccount(sandbox().x402.payerPrivateKeys[6]!);
    const pay = wrapFetchWithPayment(recording, new x402Client().register('eip155:*', new ExactEvmScheme(account)));
    const paid = await pay(new URL(post, instances[0]!.url).toString());
    expect(paid.status).toBe(200);
    expect(signature).toEqual(expect.any(String));

    const replay = await on(1, post, { headers: { 'payment-signature': signature! } });
    expect(replay.status).toBe(402);
    expect(((await replay.json()) as { detail: string }).detail).toMatch(/already been used/);
    const { payments } = (await command('payments', { limit: 1000 })) as {
      payments: Array<{ protocol: string; resource: string }>;
    };
    expect(payments.filter((p) => p.protocol === 'x402')).toHaveLength(1);
  });

  it("one MCP client's successive calls alternate between the instances, paid ones included", async () => {
    const post = await readyPostPath(instances[0]!.url);
    const [publicationSlug, postSlug] = post.split('/').slice(4);
    await command('users create', { email: 'mcp-two@example.com' });
    const { key } = (await command('keys create', { email: 'mcp-two@example.com' })) as { key: string };
    await command('credits grant', { email: 'mcp-two@example.com', cents: 100 });
    // Every HTTP request of the client goes to the other instance than the one before.
    let turn = 0;
    const served: string[] = [];
    const alternating: typeof fetch = (input, init) => {
      const target = new URL(String(input instanceof Request ? input.url : input));
      const instance = new URL(instances[turn++ % 2]!.url);
      target.host = instance.host;
      served.push(instance.host);
      return fetch(target, init);
    };
    const client = new Client({ name: 'two-instances', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', instances[0]!.url), {
        fetch: alternating,
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    const search = (await client.callTool({ name: 'search_posts', arguments: { q: 'rates', limit: 2 } })) as {
      isError?: boolean;
    };
    expect(search.isError).toBeFalsy();
    for (let i = 0; i < 3; i++) {
      const paid = (await client.callTool({ name: 'get_post_summary', arguments: { publicationSlug, postSlug } })) as {
        isError?: boolean;
        structuredContent?: { paymentInfo?: { protocol: string } };
      };
      expect(paid.isError).toBeFalsy();
      expect(paid.structuredContent?.paymentInfo?.protocol).toBe('credits');
    }
    await client.close();
    expect(new Set(served).size).toBe(2);
    const balance = (await command('balance', { email: 'mcp-two@example.com' })) as { purchasedCents: number };
    expect(balance.purchasedCents).toBe(70);
  });
});
