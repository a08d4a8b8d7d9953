import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServiceFile } from '@/lib/operator/service-file';
import { type RunningService, startService } from '@/tests/helpers/service';

// A service listening on every interface: the operator endpoint still answers only this machine.
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
let service: RunningService;

beforeAll(async () => {
  if (external) service = await startService({ HOST: '0.0.0.0', SEED_DEMO_DATA: 'false', DATABASE_URL: '' });
}, 300_000);

afterAll(async () => {
  await service?.stop();
});

describe.skipIf(!external)('operator endpoint on a service listening on every interface', () => {
  it('answers over loopback and not over the network address', async () => {
    const { token } = readServiceFile(service.dataDir)!;
    const port = new URL(service.url).port;
    const call = (host: string) =>
      fetch(`http://${host}:${port}/api/operator/commands`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'publications list', args: {} }),
      });
    expect((await call('127.0.0.1')).status).toBe(200);
    const remote = await call(external!);
    expect(remote.status).toBe(404);
    // The public API is served on that address all the same.
    expect((await fetch(`http://${external}:${port}/api/v1/publications`)).status).toBe(200);
  });
});
