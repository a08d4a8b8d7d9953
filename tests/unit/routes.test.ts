import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@/lib/api/routes/all';

const APP_API = path.resolve(import.meta.dirname, '../../app/api/v1');

/** `METHOD /api/v1/...` for every handler exported by a route file under app/api/v1 (`[name]` becomes `{name}`). */
function mountedOperations(): string[] {
  const operations: string[] = [];
  for (const file of readdirSync(APP_API, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(file) !== 'route.ts') continue;
    const segments = path
      .dirname(file)
      .split(path.sep)
      .filter((s) => s !== '.');
    const route = `/api/v1/${segments.map((s) => s.replace(/^\[(\w+)\]$/, '{$1}')).join('/')}`.replace(/\/$/, '');
    const source = readFileSync(path.join(APP_API, file), 'utf8');
    for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = handle\(/g)) {
      operations.push(`${method} ${route}`);
    }
  }
  return operations.sort();
}

describe('route definitions', () => {
  it('are each mounted by the app route file at their path, through handle(), and nothing else is mounted', () => {
    const defined = API_ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort();
    expect(mountedOperations()).toEqual(defined);
  });

  it('name each path parameter of their path template in their params schema', () => {
    for (const route of API_ROUTES) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const shape = (route.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape), route.operationId).toEqual(names);
    }
  });
});
