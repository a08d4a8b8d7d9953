import type { Env } from '@/lib/env';

/**
 * next-auth 4 takes its own origin only from the environment (next-auth/utils/detect-origin.js reads NEXTAUTH_URL,
 * or with AUTH_TRUST_HOST the Host the browser used): no option passes it. So the configured value is handed to it
 * there, once, when the process's context is built. Without a public address it follows the Host header (only the
 * local sign-in and OAuth callbacks depend on it then; magic links require the address).
 */
export function exportNextAuthOrigin(config: Pick<Env, 'PUBLIC_BASE_URL'>): void {
  if (config.PUBLIC_BASE_URL) process.env.NEXTAUTH_URL = config.PUBLIC_BASE_URL;
  else process.env.AUTH_TRUST_HOST = 'true';
}
