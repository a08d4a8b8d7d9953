import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startService } from '@/tests/helpers/service';

// A second instance on a port that is taken: it says so and exits 1, instead of dying on an unhandled 'error' event.
describe('starting on a port that is already in use', () => {
  it('exits 1 with a sentence that names the port and what to do', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const started = startService({
        PORT: String(port),
        DATABASE_URL: '',
        PAYMENT_SANDBOX: 'false',
        SEED_DEMO_DATA: 'false',
        JOBS_LOCAL: 'false',
      });
      const error = await started.then(
        () => null,
        (reason: Error) => reason,
      );
      expect(error?.message).toMatch(/^service exited with 1:/);
      expect(error?.message).toContain(
        `port ${port} on 127.0.0.1 is already in use (another instance?): stop it or set PORT`,
      );
      expect(error?.message).not.toMatch(/Unhandled 'error' event|EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});
