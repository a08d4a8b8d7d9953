import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when an Authorization header is "Bearer <secret>". Both sides are hashed first so the comparison is
 * constant-time whatever their lengths; an empty secret never matches.
 */
export function checkBearer(header: string | null | undefined, secret: string): boolean {
  if (!secret || !header) return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(secret).digest();
  return timingSafeEqual(given, expected);
}
