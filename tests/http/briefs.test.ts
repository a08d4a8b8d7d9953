import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { Challenge, Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ResearchBrief } from '@/lib/api/contracts/briefs';
import { tempoChain } from '@/lib/payments/sandbox/chains';
import { getJson, getText } from '@/tests/helpers/http';
import { createAccount, operator, purchasedCents, sandbox, url } from '@/tests/helpers/paid';

// POST /api/v1/briefs on the built service and its demo corpus, bought with the official clients: @x402/fetch on the
// sandbox's Base Sepolia chain (x402 payer 4, shared with stock-picks, which checks no balance) and mppx on its Tempo
// chain (MPP payer 8, used nowhere else), and with an API key. The quote binding and the refusals are in
// tests/db/briefs.test.ts.
const ASK = { question: 'What are newsletters saying about Fed rate cuts?', maxSources: 3 };
const JSON_POST = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type Payment = { protocol: string; resource: string; amountCents: number; sales: Array<{ product: string }> };

async function paymentOf(protocol: string): Promise<Payment | undefined> {
  const { payments } = await operator<{ payments: Payment[] }>('payments', { limit: 50 });
  return payments.find((p) => p.protocol === protocol && p.resource.startsWith('/api/v1/briefs?quote='));
}

describe('POST /api/v1/briefs over HTTP', () => {
  it('challenges with both protocols, naming the sources and the price per source', async () => {
    const response = await fetch(url('/api/v1/briefs'), JSON_POST(ASK));
    expect(response.status).toBe(402);
    const problem = await response.json();
    const required = decodePaymentRequiredHeader(response.headers.get('payment-required')!);
    const n = Number(/Research brief from (\d+) source article/.exec(required.resource.description ?? '')![1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(3);
    expect(required.accepts[0]!.amount).toBe(String(n * 100_000));
    expect(problem.detail).toContain(`costs $0.${n}0`);
    expect(problem.detail).toContain(required.resource.description);
    const challenge = Challenge.deserialize(response.headers.get('www-authenticate')!);
    expect(challenge.description).toBe(required.resource.description);
  });

  it('answers HEAD and GET with 405 and Allow: POST, never a challenge', async () => {
    for (const method of ['HEAD', 'GET']) {
      const response = await fetch(url('/api/v1/briefs'), { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(response.headers.get('payment-required')).toBeNull();
      await response.body?.cancel();
    }
  });

  it('answers 404 no_sources without a challenge', async () => {
    const response = await getJson('/api/v1/briefs', JSON_POST({ question: 'zqxv flibbertigibbet unobtainium' }));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'no_sources' });
    expect(response.headers.get('payment-required')).toBeNull();
  });

  it('is bought with x402 (@x402/fetch): the brief, PAYMENT-RESPONSE, one sale per source', async () => {
    const account = privateKeyToAccount(sandbox().x402.payerPrivateKeys[4]!);
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(account));
    const response = await wrapFetchWithPayment(fetch, client)(url('/api/v1/briefs'), JSON_POST(ASK));
    expect(response.status).toBe(200);
    expect(decodePaymentResponseHeader(response.headers.get('payment-response')!)).toMatchObject({ success: true });
    const brief = ResearchBrief.parse(await response.json());
    const n = brief.sources.length;
    expect(brief.paymentInfo).toEqual({ amountUsd: `0.${n}0`, protocol: 'x402' });
    expect(brief.answer.split('\n').every((line) => /\[\d+\]/.test(line))).toBe(true);
    const payment = await paymentOf('x402');
    expect(payment?.sales).toHaveLength(n);
    expect(payment?.sales.every((s) => s.product === 'research_brief')).toBe(true);
  });

  it('is bought with MPP (mppx, tempo.charge): the brief and a Payment-Receipt', async () => {
    const config = sandbox().mpp;
    const account = privateKeyToAccount(config.payerPrivateKeys[8]!);
    const chain = createClient({ chain: tempoChain(config.rpcUrl), transport: http(config.rpcUrl) });
    const mppx = Mppx.create({ polyfill: false, methods: [tempo.charge({ account, getClient: () => chain })] });
    const response = await mppx.fetch(url('/api/v1/briefs'), JSON_POST(ASK));
    expect(response.status).toBe(200);
    expect(Receipt.deserialize(response.headers.get('payment-receipt')!)).toMatchObject({ status: 'success' });
    const brief = ResearchBrief.parse(await response.json());
    expect(brief.paymentInfo?.protocol).toBe('mpp');
    expect((await paymentOf('mpp'))?.sales).toHaveLength(brief.sources.length);
  });

  it('is bought with an API key, charged again on a repeat', async () => {
    const { key } = await createAccount('briefs@example.com', 300);
    const init = { ...JSON_POST(ASK), headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` } };
    const first = ResearchBrief.parse((await getJson('/api/v1/briefs', init)).body);
    const second = ResearchBrief.parse((await getJson('/api/v1/briefs', init)).body);
    expect(second.sources).toEqual(first.sources);
    expect(await purchasedCents('briefs@example.com')).toBe(300 - 2 * first.sources.length * 10);
  });

  it('is listed by OpenAPI (with examples), /.well-known/x402 and llms.txt', async () => {
    const openapi = (
      await getJson<{
        paths: Record<string, Record<string, Record<string, unknown>>>;
        components: { schemas: Record<string, Record<string, unknown>> };
      }>('/openapi.json')
    ).body;
    const operation = openapi.paths['/api/v1/briefs']!.post!;
    expect(operation.operationId).toBe('createResearchBrief');
    expect(operation).toHaveProperty('x-payment-info');
    expect(openapi.components.schemas.BriefRequest!.example).toMatchObject({ question: expect.any(String) });
    expect(openapi.components.schemas.ResearchBrief!.example).toMatchObject({ answered: true });
    expect((await getJson<{ resources: string[] }>('/.well-known/x402')).body.resources).toContain(
      'POST /api/v1/briefs',
    );
    const llms = (await getText('/llms.txt')).body;
    expect(llms).toContain('POST /api/v1/briefs');
    expect(llms).toContain('get_research_brief');
  });
});
