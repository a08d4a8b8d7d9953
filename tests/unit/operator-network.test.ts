import { describe, expect, it } from 'vitest';
import { operatorReachable } from '@/lib/operator/operator-network';

describe('operatorReachable', () => {
  it('lets only loopback connections reach the operator endpoint by default', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(operatorReachable('/api/operator/commands', address, false)).toBe(true);
    }
    for (const address of ['192.0.2.2', '10.0.0.5', '::ffff:192.0.2.2', '2001:db8::1', undefined]) {
      expect(operatorReachable('/api/operator/commands', address, false)).toBe(false);
    }
  });

  it('opens it to the network only when configured, and never limits other paths', () => {
    expect(operatorReachable('/api/operator/commands', '192.0.2.2', true)).toBe(true);
    expect(operatorReachable('/api/v1/publications', '192.0.2.2', false)).toBe(true);
  });
});
