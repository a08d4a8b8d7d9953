import { expect } from 'vitest';
import { ApiError, type ErrorCode } from '@/lib/api/errors';

/** Runs fn, which must throw an ApiError with this code and status 400, and returns its issues by parameter name. */
export function issuesOf(code: ErrorCode, fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).issues!;
  }
  throw new Error(`expected an ${code} ApiError`);
}
