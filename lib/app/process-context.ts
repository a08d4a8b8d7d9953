import { env } from '@/lib/env';
import { type AppContext, type AppContextOptions, createAppContext } from './context';

// Next bundles the route handlers apart from the custom server (server.ts), each with its own copy of every module,
// so the one context of this process is kept on globalThis, under this one key.
const holder = globalThis as typeof globalThis & {
  __finpubAppContext?: { building: Promise<AppContext>; built?: AppContext };
};

/**
 * Builds this process's context with the entry point's options (server.ts, the admin CLI, a test), or returns the
 * one built already.
 */
export function openAppContext(options: AppContextOptions = {}): Promise<AppContext> {
  if (!holder.__finpubAppContext) {
    const entry: { building: Promise<AppContext>; built?: AppContext } = {
      building: createAppContext(env(), options),
    };
    entry.building.then(
      (context) => {
        entry.built = context;
      },
      // A failed start is not kept: the next request tries again.
      () => {
        if (holder.__finpubAppContext === entry) holder.__finpubAppContext = undefined;
      },
    );
    holder.__finpubAppContext = entry;
  }
  return holder.__finpubAppContext.building;
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
  return holder.__finpubAppContext?.built;
}

/** Closes this process's context, if there is one; the next appContext() builds a new one. */
export async function closeAppContext(): Promise<void> {
  const entry = holder.__finpubAppContext;
  holder.__finpubAppContext = undefined;
  if (entry) await (await entry.building).close();
}
