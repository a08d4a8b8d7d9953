import { buildOpenApiDocument } from './document';

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document is a pure function of the code, so it is built once per process. */
export function openApiDocument() {
  cached ??= buildOpenApiDocument();
  return cached;
}
