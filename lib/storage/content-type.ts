import { RawStoreError } from './raw-store';

// A media type with optional parameters (RFC 9110 token / quoted-string). Checked because the value becomes an HTTP
// header in Supabase and a file on disk: a newline here would be header injection.
const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);
const MAX_LENGTH = 200;

/** Returns the content type unchanged when it is a well-formed media type; throws a RawStoreError otherwise. */
export function checkContentType(contentType: unknown, operation: string, key: string): string {
  if (typeof contentType !== 'string' || contentType.length > MAX_LENGTH || !MEDIA_TYPE.test(contentType)) {
    throw new RawStoreError({
      code: 'invalid_content_type',
      operation,
      key,
      message: `Raw store ${operation}: content type must be a media type such as "message/rfc822"`,
    });
  }
  return contentType;
}
