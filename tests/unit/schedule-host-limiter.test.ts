import { describe, expect, it } from 'vitest';
import { createHostLimiter, HostLimiterError } from '@/lib/ingest/schedule/create-host-limiter';

function deferred<T = string>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createHostLimiter', () => {
  it('keeps each host within perHost and everything within total, and a hanging host does not block another', async () => {
    const limiter = createHostLimiter({ perHost: 2, total: 3 });
    const started: string[] = [];
    const slow = [deferred(), deferred(), deferred()];
    const slowRuns = slow.map((d, i) =>
      limiter.run('slow.example', () => {
        started.push(`slow${i}`);
        return d.promise;
      }),
    );
    const fast = limiter.run('FAST.example', async () => {
      started.push('fast');
      return 'ok';
    });
    await settle();
    expect(started).toEqual(['slow0', 'slow1', 'fast']);
    expect(limiter.active('slow.example')).toBe(2);
    expect(await fast).toBe('ok');

    // total = 3: two slow running + two more hosts → one starts, one waits for a slot.
    const b = deferred();
    const c = deferred();
    const runB = limiter.run('b.example', () => b.promise);
    const runC = limiter.run('c.example', () => c.promise);
    await settle();
    expect(limiter.active()).toBe(3);
    expect(limiter.queued()).toBe(2);
    b.resolve('b');
    await runB;
    await settle();
    // The freed slot goes to c (slow is still at its perHost bound), skipping the earlier slow2.
    expect(limiter.active('c.example')).toBe(1);
    expect(started).not.toContain('slow2');
    slow[0]!.resolve('s0');
    c.resolve('c');
    await Promise.all([slowRuns[0], runC]);
    await settle();
    expect(started).toContain('slow2');
    slow[1]!.resolve('s1');
    slow[2]!.resolve('s2');
    expect(await Promise.all(slowRuns)).toEqual(['s0', 's1', 's2']);
    expect(limiter.active()).toBe(0);
  });

  it('propagates each task error to its own caller and frees the slot; bounds the queue', async () => {
    const limiter = createHostLimiter({ perHost: 1, total: 1, maxQueued: 1 });
    const first = limiter.run('a.example', () => {
      throw new Error('sync failure');
    });
    const second = limiter.run('a.example', async () => 'after');
    const third = limiter.run('a.example', async () => 'never');
    await expect(third).rejects.toBeInstanceOf(HostLimiterError);
    await expect(first).rejects.toThrow('sync failure');
    expect(await second).toBe('after');
    await expect(limiter.run('', async () => 1)).rejects.toMatchObject({ code: 'invalid_host' });
    expect(() => createHostLimiter({ perHost: 0, total: 1 })).toThrow(RangeError);
  });
});
