import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { apiRoute } from '@/lib/api/handler';
import { appContext } from '@/lib/app/process-context';
import { CommandError, runCommand } from '@/lib/operator/registry';
import { isOperator } from '@/lib/operator/token';

export const dynamic = 'force-dynamic';

// The command line carries positional words too (`publications add <url>`): room for a long private feed URL.
const Body = z.object({ command: z.string().min(1).max(4000), args: z.record(z.string(), z.unknown()).default({}) });

// Runs an admin CLI command inside the service, which owns the embedded database while it runs.
export const POST = apiRoute(async (request) => {
  if (!(await isOperator(request.headers.get('authorization')))) {
    throw new ApiError({ code: 'unauthorized', message: 'Operator credential required' });
  }
  const body = Body.safeParse(await request.json().catch(() => null));
  if (!body.success) throw new ApiError({ code: 'invalid_body', message: 'Body must be {command, args}' });
  try {
    const result = await runCommand((await appContext()).db, body.data.command, body.data.args);
    return Response.json({ ok: true, command: body.data.command, result });
  } catch (error) {
    if (error instanceof CommandError) throw new ApiError({ code: 'invalid_command', message: error.message });
    throw error;
  }
});
