import { ApiError } from '@/lib/api/errors';
import { apiRoute } from '@/lib/api/handler';
import { readLimitedBody } from '@/lib/api/read-limited-body';
import { appContext } from '@/lib/app/process-context';
import { env } from '@/lib/env';
import { DEFAULT_MAX_EMAIL_BYTES } from '@/lib/ingest/email/parse';
import { readWebhookMail } from '@/lib/ingest/email/read-webhook';
import { receiveEmail } from '@/lib/ingest/email/receive-email';
import { generationEvents } from '@/lib/jobs/generation-events';
import { sendJobEvents } from '@/lib/jobs/send';

export const dynamic = 'force-dynamic';

// A Mailgun form post carries the message once as fields and once as MIME: allow for both.
const MAX_BODY_BYTES = 2 * DEFAULT_MAX_EMAIL_BYTES;

/** Inbound newsletter e-mail (README "Add content"): authenticate, file as a post, queue its summary, answer. */
export const POST = apiRoute(async (request) => {
  const config = env();
  const secrets = { bearer: config.INBOUND_EMAIL_SECRET, mailgunSigningKey: config.MAILGUN_WEBHOOK_SIGNING_KEY };
  if (!secrets.bearer && !secrets.mailgunSigningKey) {
    throw new ApiError({ code: 'not_found', message: 'Inbound e-mail is not configured on this service.' });
  }
  const body = await readLimitedBody(request, MAX_BODY_BYTES);
  const mail = await readWebhookMail(
    body,
    { contentType: request.headers.get('content-type') ?? '', authorization: request.headers.get('authorization') },
    secrets,
  );
  const { db, rawStore } = await appContext();
  const received = await receiveEmail(db, mail.email, mail.raw, { rawStore });
  if (received.textChanged && received.postId) await sendJobEvents(generationEvents([received.postId], config), db);
  const { status, messageId, publicationSlug, postSlug } = received;
  return Response.json({ status, messageId, publicationSlug, postSlug });
});
