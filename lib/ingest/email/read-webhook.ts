import { ApiError } from '@/lib/api/errors';
import { InboundEmailError } from './inbound-email-error';
import { type InboundEmail, parseInboundEmail } from './parse';
import { checkBearer } from './providers/check-bearer';
import { parseMailgunPayload, verifyMailgunSignature } from './providers/mailgun';

export interface WebhookSecrets {
  bearer?: string;
  mailgunSigningKey?: string;
}

export interface WebhookMail {
  email: InboundEmail;
  /** What arrived, as it arrived: the MIME message, or Mailgun's parsed fields as JSON. */
  raw: { body: Buffer; contentType: string };
}

/**
 * Authenticates and parses one delivery to the inbound-mail webhook: a raw message (`message/rfc822`) with the
 * bearer secret, or a Mailgun inbound-route form post with a valid Mailgun signature. Everything refused is an
 * ApiError in the API's vocabulary.
 */
export async function readWebhookMail(
  body: Buffer,
  headers: { contentType: string; authorization: string | null },
  secrets: WebhookSecrets,
): Promise<WebhookMail> {
  const type = headers.contentType.split(';')[0]!.trim().toLowerCase();
  try {
    if (type === 'message/rfc822') {
      if (!secrets.bearer || !checkBearer(headers.authorization, secrets.bearer)) throw unauthorized();
      return { email: await parseInboundEmail(body), raw: { body, contentType: 'message/rfc822' } };
    }
    if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
      if (!secrets.mailgunSigningKey) throw unauthorized();
      const fields = await formFields(body, headers.contentType);
      verifyMailgunSignature(fields, secrets.mailgunSigningKey);
      const email = await parseMailgunPayload(fields);
      const { signature, token, timestamp, ...kept } = fields;
      const raw = fields['body-mime']
        ? { body: Buffer.from(fields['body-mime'], 'utf8'), contentType: 'message/rfc822' }
        : { body: Buffer.from(JSON.stringify(kept), 'utf8'), contentType: 'application/json' };
      return { email, raw };
    }
  } catch (error) {
    throw asApiError(error);
  }
  throw new ApiError({
    code: 'unsupported_media_type',
    message: 'Send a raw message as message/rfc822, or a Mailgun inbound route as form data.',
  });
}

function unauthorized() {
  return new ApiError({ code: 'unauthorized', message: 'The webhook credential or signature is missing or wrong.' });
}

function asApiError(error: unknown): unknown {
  if (!(error instanceof InboundEmailError)) return error;
  if (error.code === 'bad_signature' || error.code === 'stale_timestamp') return unauthorized();
  if (error.code === 'too_large') return new ApiError({ code: 'payload_too_large', message: error.message });
  return new ApiError({ code: 'invalid_body', message: `Not a readable e-mail: ${error.message}` });
}

async function formFields(body: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new InboundEmailError('bad_payload', 'the form data cannot be read');
  }
  const fields: Record<string, string> = {};
  // Attachments arrive as files; the newsletter is in the text fields.
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
  return fields;
}
