import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, findPosts, operator } from '@/tests/helpers/paid';

// Only GET and POST buy: every other method on every paid route leaves the balance untouched.
const EMAIL = 'methods@example.com';
let key: string;
let routes: string[];

const balance = async () =>
  ((await operator('balance', { email: EMAIL })) as { purchasedCents: number }).purchasedCents;

beforeAll(async () => {
  ({ key } = await createAccount(EMAIL, 1000));
  routes = [(await findPosts()).ready[0]!.path, '/api/v1/stock-picks'];
}, 120_000);

describe('methods that never pay', () => {
  it('answers HEAD with the challenge and no charge, on every paid route', async () => {
    for (const route of routes) {
      const before = await balance();
      const response = await fetch(new URL(route, inject('baseUrl')), {
        method: 'HEAD',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(402);
      expect(await balance()).toBe(before);
    }
  });

  it('charges nothing for OPTIONS, PUT, PATCH or DELETE', async () => {
    for (const route of routes) {
      for (const method of ['OPTIONS', 'PUT', 'PATCH', 'DELETE']) {
        const before = await balance();
        const response = await fetch(new URL(route, inject('baseUrl')), {
          method,
          headers: { authorization: `Bearer ${key}` },
        });
        await response.body?.cancel();
        expect(response.status, `${method} ${route}`).not.toBe(200);
        expect(await balance(), `${method} ${route}`).toBe(before);
      }
    }
  });

  it('still sells on GET with the same key', async () => {
    const before = await balance();
    const response = await fetch(new URL(routes[0]!, inject('baseUrl')), {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect(await balance()).toBeLessThan(before);
  });
});
