import { expect } from 'vitest';
import { FetchError } from '@/lib/ingest/fetch/fetch-error';

/** Awaits a fetch that must fail, checks that it failed with a FetchError, and returns it. */
export async function fetchFailure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}
