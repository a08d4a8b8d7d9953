import { env } from '@/lib/env';
import { type AppContext, type AppContextOptions, createAppContext } from './context';
import { processSlot } from './process-state';

type Entry = { building: Promise<AppContext>; built?: AppContext };
const slot = () => processSlot<Entry>('appContext');

/**
 * Builds this process's context with the entry point's options (server.ts, the admin CLI, a test), or returns the
 * one built already.
 */
export function openAppContext(options: AppContextOptions = {}): Promise<AppContext> {
  const current = slot().get();
  if (current) return current.building;
  const entry: Entry = { building: createAppContext(env(), options) };
  entry.building.then(
    (context) => {
      entry.built = context;
    },
    // A failed start is not kept: the next request tries again.
    () => {
      if (slot().get() === entry) slot().set(undefined);
    },
  );
  slot().set(entry);
  return entry.building;
}

/**
 * This process's context. server.ts builds it before it listens; a route in a process it did not start (next dev)
 * builds it here, with the same function and no entry point's options.
 */
export function appContext(): Promise<AppContext> {
  // A process serving routes owns the embedded directory as a service does: a second one is refused.
  return openAppContext({ ownerRole: 'service' });
}

/** The context if it is built already, for a nudge that must not build one (or wait for it). */
export function builtAppContext(): AppContext | undefined {
  return slot().get()?.built;
}

/** Closes this process's context, if there is one; the next appContext() builds a new one. */
export async function closeAppContext(): Promise<void> {
  const entry = slot().get();
  slot().set(undefined);
  if (entry) await (await entry.building).close();
}
