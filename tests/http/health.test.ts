import { describe, expect, it } from 'vitest';
import { getJson } from '@/tests/helpers/http';

// Probes for load balancers and orchestrators.
describe('health probes', () => {
  it('/healthz answers while the process lives', async () => {
    const response = await getJson('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz reports the database, the schema and the payment methods', async () => {
    const response = await getJson<Record<string, unknown>>('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ready',
      ready: true,
      database: 'ok',
      pendingMigrations: [],
      payments: { methods: ['credits', 'x402', 'mpp'], testMoney: true },
    });
  });
});
