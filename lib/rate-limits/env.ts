import { z } from 'zod';

const perWindow = (fallback: number) => z.coerce.number().int().min(0).max(1_000_000).default(fallback);

/**
 * Request limits per client (lib/env.ts is the reader): a count per window of RATE_LIMIT_WINDOW_SECONDS (a minute by
 * default), paced evenly, with bursts of what RATE_LIMIT_BURST_SECONDS of that pace allows; 0 turns a limit off.
 * Their state lives in the database, so every instance on one database shares it.
 */
export const RateLimitEnv = {
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_LIMIT_BURST_SECONDS: z.coerce.number().int().min(1).max(86_400).default(10),
  // Free routes (search, publications), per client IP.
  RATE_LIMIT_FREE: perWindow(300),
  // Unpaid requests to paid routes (each answered with a fresh 402 challenge), per client IP.
  RATE_LIMIT_CHALLENGE: perWindow(120),
  // Paid requests, per API key or session token (wallet payments: per client IP).
  RATE_LIMIT_PAID: perWindow(600),
  // Requests that ask for a not-yet-generated summary (the 503 path), per client IP.
  RATE_LIMIT_GENERATION: perWindow(20),
  // Dashboard account actions: sign-in attempts per client IP, key and token creation and purchases per user.
  RATE_LIMIT_ACCOUNT: perWindow(30),
};
