import { z } from 'zod';

/** "true"/"false"/"1"/"0" as a boolean, for flags in the environment. */
export const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const httpUrl = () => z.url({ protocol: /^https?$/ });

export const evmAddress = () => z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

export const cents = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
