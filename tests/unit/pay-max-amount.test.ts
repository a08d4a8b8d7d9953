import type { PaymentRequired } from '@x402/core/types';
import { describe, expect, it } from 'vitest';
import { parsePayArgs, UsageError } from '@/scripts/pay/args';
import { x402ClientFor } from '@/scripts/pay/clients';
import type { Payer } from '@/scripts/pay/payer';

// A throwaway key (anvil's first well-known test account): nothing is sent anywhere, the client only signs.
const payer: Payer = {
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  testMoney: true,
  source: 'test',
  network: null,
  rpcUrl: null,
  chainId: null,
};

// A day of stock picks from 25 articles at $0.10 each: $2.50 in USDC on Base Sepolia (6 decimals).
const picksOfABusyDay: PaymentRequired = {
  x402Version: 2,
  resource: {
    url: 'http://localhost:3000/api/v1/stock-picks?date=2026-11-25&limit=200',
    description: '',
    mimeType: '',
  },
  accepts: [
    {
      scheme: 'exact',
      network: 'eip155:84532',
      amount: '2500000',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      payTo: '0x209693Bc6afc0C5328bA36FaF03C514EF312287C',
      maxTimeoutSeconds: 60,
      extra: { name: 'USDC', version: '2' },
    },
  ],
};

describe('npm run pay -- --max-amount', () => {
  it('reads a dollar amount and refuses anything else with a usage error', () => {
    const url = 'http://localhost:3000/api/v1/stock-picks?limit=200';
    expect(parsePayArgs([url, '--max-amount', '5'])).toMatchObject({ maxAmountUsd: '5' });
    expect(parsePayArgs([url, '--max-amount', '$2.50'])).toMatchObject({ maxAmountUsd: '2.50' });
    expect(parsePayArgs([url])).toMatchObject({ maxAmountUsd: null });
    for (const bad of ['five', '-1', '1e3', '']) {
      expect(() => parsePayArgs([url, '--max-amount', bad])).toThrow(UsageError);
    }
  });

  it("lifts the x402 client's own $1 limit per payment, which otherwise refuses a $2.50 day of picks", async () => {
    await expect(x402ClientFor(payer).createPaymentPayload(picksOfABusyDay)).rejects.toThrow(/spendControls/);
    const payload = await x402ClientFor(payer, '5').createPaymentPayload(picksOfABusyDay);
    expect(payload.accepted.amount).toBe('2500000');
    await expect(x402ClientFor(payer, '2').createPaymentPayload(picksOfABusyDay)).rejects.toThrow(/spendControls/);
  });
});

describe('npm run pay -- --body', () => {
  it('sends POST with the JSON given, {} with --post alone, and no body for GET', () => {
    const url = 'http://127.0.0.1:3000/api/v1/briefs';
    const body = '{"question":"regional bank credit","maxSources":3}';
    expect(parsePayArgs([url, '--body', body])).toMatchObject({ post: true, body });
    expect(parsePayArgs([url, '--post'])).toMatchObject({ post: true, body: '{}' });
    expect(parsePayArgs([url])).toMatchObject({ post: false, body: null });
  });

  it('refuses a body that is not JSON, and a body with --mcp', () => {
    const url = 'http://127.0.0.1:3000/api/v1/briefs';
    expect(() => parsePayArgs([url, '--body', '{question:'])).toThrow(/--body must be JSON/);
    expect(() => parsePayArgs([url, '--body', '{}', '--mcp'])).toThrow(/cannot be combined with --mcp/);
  });
});
