/**
 * Operator CLI: `npm run admin -- <command> [options] [--json]`.
 * With DATABASE_URL it talks to PostgreSQL directly. Without it, it sends the command to the service running on
 * DATA_DIR (on the embedded default, since PGlite admits one process at a time; on PostgreSQL, since that is the
 * service's database), waits while one starts, or opens the embedded database itself (owning DATA_DIR/owner.lock
 * meanwhile) when no service runs: lib/operator/where-to-run.ts.
 */
import { closeAppContext, openAppContext } from '@/lib/app/process-context';
import { OwnerLockHeld } from '@/lib/db/owner/owner-lock';
import { seedDemoCorpus } from '@/lib/demo/load';
import { env } from '@/lib/env';
import { parseCommandLine } from '@/lib/operator/argv';
import { DB_RECOVER_SUMMARY, DB_RECOVER_USAGE, recoverDataDir } from '@/lib/operator/db-recover';
import { progressBar } from '@/lib/operator/progress-bar';
import { COMMANDS, resolveCommand, runCommand } from '@/lib/operator/registry';
import { runRemoteCommand } from '@/lib/operator/remote';
import { type Where, whereToRun } from '@/lib/operator/where-to-run';

const HELP = `Usage: npm run admin -- <command> [options] [--json]

Commands:
${COMMANDS.map((c) => `  ${c.usage.padEnd(40)} ${c.summary}`).join('\n')}
  ${DB_RECOVER_USAGE.padEnd(40)} ${DB_RECOVER_SUMMARY}

Options:
  --json    print one JSON object on stdout
  --help    show this help`;

async function runLocally(command: string, args: Record<string, unknown>) {
  const { db } = await openAppContext({
    // The `seed` command loads the demo corpus (run remotely, the service provides the same).
    corpusSeeder: seedDemoCorpus,
    // A command sees the index complete, as it always did: it closes the database when done, which would stop a
    // background run (the service indexes large backlogs in the background instead).
    backgroundIndexingAbove: Number.POSITIVE_INFINITY,
    log: (line) => console.error(line),
  });
  try {
    return await runCommand(db, command, args, {
      progress: process.stderr.isTTY ? progressBar(process.stderr) : undefined,
    });
  } finally {
    await closeAppContext();
  }
}

function runAt(where: Where, command: string, args: Record<string, unknown>) {
  if (where.kind === 'local') return runLocally(command, args);
  console.error(`running in the service at ${where.service.url}`);
  // Fetching happens in the service, with its own environment: a variable set for this command alone does nothing.
  if (process.env.INGEST_ALLOW_HOSTS) {
    console.error(
      'note: INGEST_ALLOW_HOSTS is set for this command, but the running service fetches with its own environment: set it where the service starts (npm start) and restart it',
    );
  }
  return runRemoteCommand(where.service, command, args);
}

/** dataDir null: DATABASE_URL, always direct. */
async function runWhereItBelongs(command: string, args: Record<string, unknown>, dataDir: string | null) {
  if (dataDir === null) return runLocally(command, args);
  const log = (line: string) => console.error(line);
  try {
    return await runAt(await whereToRun(dataDir, { log }), command, args);
  } catch (error) {
    // A service took the directory between the look and the lock: it is starting, so wait for it and go through it.
    if (!(error instanceof OwnerLockHeld) || error.owner.role !== 'service') throw error;
    return runAt(await whereToRun(dataDir, { log }), command, args);
  }
}

async function main() {
  const { command, options } = parseCommandLine(process.argv.slice(2));
  const { json, help, ...args } = options;
  if (help || command === '') {
    console.log(HELP);
    return;
  }
  try {
    const config = env();
    const log = (line: string) => console.error(line);
    const result =
      command === 'db recover'
        ? await recoverDataDir(config.DATA_DIR, { yes: args.yes === true, log })
        : await runWhereItBelongs(command, args, config.DATABASE_URL ? null : config.DATA_DIR);
    // The result's own fields sit at the top level (`{"key": ...}` for keys create); `result` keeps them nested too.
    const render = resolveCommand(command)?.command.render;
    console.log(
      json
        ? JSON.stringify({ ok: true, command, ...result, result })
        : (render?.(result) ?? JSON.stringify(result, null, 2)),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (json) console.log(JSON.stringify({ ok: false, command, error: message }));
    else console.error(`error: ${message}`);
    process.exitCode = 1;
  }
}

await main();
