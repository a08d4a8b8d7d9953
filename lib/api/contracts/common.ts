import 'zod-openapi';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@/lib/api/errors';

/** What a stock pick (a call) does, as extracted: open, add to, hold, recommend, trim or close a position. */
export const PICK_ACTIONS = ['NEW_POSITION', 'ADD', 'HOLD', 'RECOMMENDATION', 'REDUCE', 'EXIT'] as const;

/** ISO 8601 timestamp as the API emits it (UTC, from Date#toISOString). */
export const IsoTimestamp = z.iso.datetime({ offset: true }).meta({ example: '2026-11-20T14:05:00.000Z' });

/**
 * An integer query parameter. Query strings are text, so this accepts only plain digits and checks the range after
 * conversion; OpenAPI shows it as the integer it is.
 */
export function integerParam(min: number, max: number, description: string) {
  const message = `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .meta({
      description,
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        delete jsonSchema.pattern;
        delete jsonSchema.type;
        Object.assign(jsonSchema, { type: 'integer', minimum: min, maximum: max });
      },
    });
}

const errorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
  id: 'ErrorCode',
  description: `Machine-readable error code; branch on it rather than on \`error\`. ${Object.entries(ERROR_CODES)
    .map(([code, { status, meaning }]) => `\`${code}\` (${status}): ${meaning}`)
    .join(' ')}`,
});

export const ErrorMessage = z
  .strictObject({
    error: z.string().meta({ description: 'Human-readable message.' }),
    code: errorCode,
    requestId: z.string().optional().meta({
      description: 'On 5xx answers: the request id (also in X-Request-Id); quote it when reporting a failure.',
    }),
  })
  .meta({ id: 'ErrorMessage', description: 'A failure with a human-readable message and a machine code.' });

export const InvalidQueryResponse = z
  .strictObject({
    error: z.string(),
    code: z.enum(['invalid_query', 'invalid_path', 'invalid_body']),
    issues: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: 'Problems keyed by parameter name; each value lists messages for that parameter.' }),
  })
  .meta({ id: 'InvalidQueryResponse', description: 'Invalid parameters; nothing was charged.' });

export const SummaryNotReadyResponse = z
  .strictObject({
    error: z.string(),
    code: z.literal('summary_not_ready'),
    requestId: z.string().optional().meta({ description: 'The request id, as in X-Request-Id.' }),
  })
  .meta({
    id: 'SummaryNotReadyResponse',
    description:
      'The post exists but its summary is still being generated. Retry after Retry-After seconds; no challenge, no charge.',
  });

export const SpendCapReachedResponse = z
  .strictObject({
    error: z.string(),
    code: z.literal('spend_cap_reached'),
    cap: z.strictObject({
      period: z.enum(['day', 'month']).meta({ description: 'The UTC day or UTC month the cap counts.' }),
      limitCents: z.number().int().min(1),
      spentCents: z.number().int().min(0).meta({ description: 'What the key spent in the period (refunds left out).' }),
      priceCents: z.number().int().min(0).meta({ description: 'What this request would have cost.' }),
      resetsAt: IsoTimestamp.meta({ description: 'When the period ends and the cap counts from zero again.' }),
    }),
  })
  .meta({
    id: 'SpendCapReachedResponse',
    description: "The API key's spend cap would be passed: nothing was charged, and no payment challenge follows.",
  });

export const PaymentRequiredProblem = z
  .strictObject({
    type: z.string().meta({ description: 'Problem type URI' }),
    title: z.string(),
    status: z.literal(402),
    detail: z.string(),
    challengeId: z.string().optional().meta({ description: 'Correlation id of the MPP challenge' }),
    paymentMethods: z.array(z.enum(['x402', 'mpp', 'credits'])).meta({
      description:
        'The ways this service takes payment right now: `credits` (Authorization: Bearer with an API key or session token) always, `x402` and `mpp` when a wallet method is configured.',
    }),
  })
  .meta({
    id: 'PaymentRequiredProblem',
    description:
      'RFC 9457 problem body of a 402. The challenges are in the WWW-Authenticate (MPP) and PAYMENT-REQUIRED (x402 v2) headers; pay and retry the identical request.',
  });
