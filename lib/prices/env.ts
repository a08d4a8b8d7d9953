import { z } from 'zod';

/**
 * The end-of-day price provider (lib/env.ts is the reader). Massive (formerly Polygon.io) is configured by its API key;
 * without one no price is fetched and every track record says that prices are not configured.
 */
export const PriceEnv = {
  MASSIVE_API_KEY: z.string().min(1).optional(),
  // Massive's REST origin; tests point it at a loopback server speaking the same protocol.
  MASSIVE_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
};
