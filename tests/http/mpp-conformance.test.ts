import { validate } from 'mppx/validation';
import { describe, expect, inject, it } from 'vitest';
import { findPosts } from '@/tests/helpers/paid';

// mppx's own conformance checks (the `mppx validate` CLI's engine) against the running app: discovery documents,
// the 402 challenges and the error handling of every paid route. skipPayment: its payment step would fund wallets
// from Tempo's public testnet, which is out of reach here; the real payments are covered by paid-wallets.test.ts.
const failures = (result: Awaited<ReturnType<typeof validate>>) =>
  [...result.discovery.checks, ...result.endpoints.flatMap((e) => [...e.challenge, ...e.errorHandling])].filter(
    (check) => (check as { severity?: string }).severity === 'fail',
  );

describe('mppx conformance checks', () => {
  it('pass for the discovery documents and stock picks', async () => {
    const result = await validate({
      url: inject('baseUrl'),
      skipPayment: true,
      yes: true,
      interactive: false,
      endpoint: 'get:/api/v1/stock-picks',
    });
    expect(failures(result)).toEqual([]);
    expect(result.summary.passed).toBeGreaterThan(10);
  });

  it('pass for a paid post, GET and POST', async () => {
    const { ready } = await findPosts();
    for (const method of ['get', 'post']) {
      const result = await validate({
        url: inject('baseUrl'),
        skipPayment: true,
        yes: true,
        interactive: false,
        endpoint: `${method}:${ready[0]!.path}`,
      });
      expect(failures(result), method).toEqual([]);
      expect(result.endpoints).toHaveLength(1);
    }
  }, 120_000);
});
