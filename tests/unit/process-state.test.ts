import { describe, expect, it } from 'vitest';
import { databaseSlot, forgetDatabase, processSlot } from '@/lib/app/process-state';
import type { Queryable } from '@/lib/db/types';

// Two databases stand for two application contexts in one process (the service's and a test's or an admin command's).
const database = () => ({ query: async () => [] }) as unknown as Queryable;

describe('the process state', () => {
  it("keeps each database's slots apart: one context neither sees nor stops another's", () => {
    const service = database();
    const admin = database();
    databaseSlot<string>(service, 'indexingRun').set('the service run');
    expect(databaseSlot<string>(admin, 'indexingRun').get()).toBeUndefined();

    const stopped: string[] = [];
    databaseSlot(service, 'filedMover').onForget(() => stopped.push('service'));
    databaseSlot(admin, 'filedMover').onForget(() => stopped.push('admin'));
    forgetDatabase(admin);
    expect(stopped).toEqual(['admin']);
    expect(databaseSlot<string>(service, 'indexingRun').get()).toBe('the service run');

    forgetDatabase(service);
    expect(stopped).toEqual(['admin', 'service']);
    expect(databaseSlot<string>(service, 'indexingRun').get()).toBeUndefined();
  });

  it('a stop cancelled by its owner (a timer that ended by itself) is not run when the database is forgotten', () => {
    const db = database();
    let runs = 0;
    const cancel = databaseSlot(db, 'filedMover').onForget(() => runs++);
    cancel();
    forgetDatabase(db);
    expect(runs).toBe(0);
  });

  it('is one state for every copy of the modules (as Next bundles the routes apart from server.ts)', () => {
    processSlot<string>('appContext').set('built');
    const held = (globalThis as { __finpubProcess?: { slots: Record<string, unknown> } }).__finpubProcess;
    expect(held?.slots.appContext).toBe('built');
    processSlot<string>('appContext').set(undefined);
  });
});
