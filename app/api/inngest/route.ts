import { serve } from 'inngest/next';
import { ApiError } from '@/lib/api/errors';
import { errorResponse } from '@/lib/api/handler';
import { env } from '@/lib/env';
import { inngest } from '@/lib/jobs/inngest/client';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/inngest/functions';

export const dynamic = 'force-dynamic';

const handlers = serve({ client: inngest, functions: INNGEST_FUNCTIONS });

// Inngest calls this endpoint to register and run the jobs. On the embedded default the jobs run in-process and
// nothing is served here.
const served =
  (method: 'GET' | 'POST' | 'PUT') =>
  (request: Request, context: unknown): Promise<Response> | Response => {
    if (env().jobsEngine !== 'inngest') {
      return errorResponse(
        new ApiError({ code: 'not_found', message: 'Jobs run in-process; Inngest is not configured.' }),
      );
    }
    return (handlers[method] as (request: Request, context: unknown) => Promise<Response>)(request, context);
  };

export const GET = served('GET');
export const POST = served('POST');
export const PUT = served('PUT');
