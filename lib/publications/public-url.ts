/**
 * Stored image paths may be relative to this service (the demo avatars); the API hands out absolute URLs so a client
 * can fetch them without knowing where it found them.
 */
export function absoluteUrl(value: string | null, baseUrl: string): string | null {
  if (value === null) return null;
  if (/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value, baseUrl).toString();
  } catch {
    return null;
  }
}
