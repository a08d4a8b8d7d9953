import { Inngest } from 'inngest';

/**
 * The Inngest client. It reads INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY (Inngest Cloud) or INNGEST_DEV (a dev server)
 * from the environment itself; lib/env.ts decides from the same variables whether jobs run there or in-process.
 */
export const inngest = new Inngest({ id: 'finpub-research-api' });
