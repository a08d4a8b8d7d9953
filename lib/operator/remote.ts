import { CommandError } from './command';
import type { ServiceFile } from './service-file';

/** Runs an operator command inside a running service through its operator endpoint (admin CLI, tests, bench). */
export async function runRemoteCommand(
  service: Pick<ServiceFile, 'url' | 'token'>,
  command: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}/api/operator/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ command, args }),
  }).catch((error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CommandError(`the service at ${service.url} did not answer (${cause}): nothing was run`);
  });
  const body = (await response.json().catch(() => ({}))) as { result?: Record<string, unknown>; error?: string };
  if (!response.ok) throw new CommandError(body.error ?? `The service answered ${response.status}`);
  return body.result ?? {};
}
