import { inject } from 'vitest';

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** GETs a path of the test service and parses its JSON body (throws when the body is not JSON). */
export async function getJson<T = unknown>(path: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const response = await fetch(new URL(path, inject('baseUrl')), init);
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

export async function getText(path: string): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(new URL(path, inject('baseUrl')));
  return { status: response.status, headers: response.headers, body: await response.text() };
}
