import type { buildOpenApiDocument } from './document';

type Document = ReturnType<typeof buildOpenApiDocument>;

/** "METHOD /path" of every operation that carries x-payment-info, read from the OpenAPI document itself. */
export function paidResources(document: Document): string[] {
  const resources: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (operation && typeof operation === 'object' && 'x-payment-info' in operation) {
        resources.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  return resources;
}
