import { z } from 'zod';
import { appContext } from '@/lib/app/process-context';
import { migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db/types';
import { env } from '@/lib/env';
import { isCatalogueEmpty } from '@/lib/publications/is-catalogue-empty';
import { resetCatalogue } from '@/lib/publications/reset-catalogue';
import { indexForSearch } from '@/lib/search/index/index-for-search';
import { ACCOUNT_COMMANDS } from './account-commands';
import { type CommandContext, type CommandDefinition, CommandError, define } from './command';
import { CONTENT_GENERATION_COMMANDS } from './content-generation-commands';
import { POST_FAILURE_COMMANDS } from './post-failure-commands';
import { PUBLICATION_COMMANDS } from './publication-commands';
import { REFERENCE_COMMANDS } from './reference-commands';

const positiveInt = z.coerce.number().int().min(0);

export const COMMANDS: CommandDefinition[] = [
  define({
    name: 'migrate',
    summary: 'Apply pending SQL migrations from supabase/migrations.',
    usage: 'migrate',
    args: z.strictObject({}),
    async run(db) {
      return { applied: await migrate(db) };
    },
  }),
  define({
    name: 'seed',
    summary:
      'Load the deterministic demo corpus (refuses a non-empty catalogue unless --reset --yes, which deletes it first).',
    usage: 'seed [--posts N] [--seed S] [--reset --yes]',
    args: z.strictObject({
      posts: positiveInt.max(2_000_000).optional(),
      seed: z.coerce.number().int().optional(),
      reset: z.literal(true, 'is a flag and takes no value').optional(),
      yes: z.literal(true, 'is a flag and takes no value').optional(),
    }),
    async run(db, args) {
      const { corpusSeeder: seedCorpus, embeddings } = await appContext();
      if (!seedCorpus)
        throw new CommandError('This process has no corpus to seed from (its entry point provides none).');
      if (!(await isCatalogueEmpty(db))) {
        if (!args.reset)
          throw new CommandError('The catalogue is not empty; pass --reset to replace it with demo data.');
        // Deleting the catalogue takes an explicit confirmation, over the operator endpoint as on the command line.
        if (!args.yes) throw new CommandError(await confirmationNeeded(db));
        await resetCatalogue(db);
      }
      const options = { seed: args.seed ?? env().DEMO_SEED, posts: args.posts ?? env().DEMO_POSTS, now: new Date() };
      const started = Date.now();
      const counts = await seedCorpus(db, options);
      await indexForSearch(db, embeddings, () => {});
      return { ...counts, seed: options.seed, milliseconds: Date.now() - started };
    },
  }),
  ...PUBLICATION_COMMANDS,
  ...POST_FAILURE_COMMANDS,
  ...CONTENT_GENERATION_COMMANDS,
  ...REFERENCE_COMMANDS,
  ...ACCOUNT_COMMANDS,
];

export { CommandError };

async function confirmationNeeded(db: Db): Promise<string> {
  const [counts] = await db.query<{ publications: number; posts: number; payments: number }>(
    `select (select count(*)::int from publications) as publications, (select count(*)::int from posts) as posts,
            (select count(*)::int from payments) as payments`,
  );
  return (
    `--reset deletes the whole catalogue (${counts!.publications} publications, ${counts!.posts} posts, their ` +
    `summaries and picks; ${counts!.payments} payments lose their sales). Repeat with --yes to confirm.`
  );
}

export function findCommand(name: string): CommandDefinition | undefined {
  return COMMANDS.find((command) => command.name === name);
}

/**
 * The command a line of words names, and the words after it: `publications add https://…` is the command
 * `publications add` with one positional argument. The longest command name that prefixes the words wins.
 */
export function resolveCommand(words: string): { command: CommandDefinition; positional: string[] } | undefined {
  const exact = findCommand(words);
  if (exact) return { command: exact, positional: [] };
  const command = [...COMMANDS]
    .sort((a, b) => b.name.length - a.name.length)
    .find((candidate) => words.startsWith(`${candidate.name} `));
  if (!command) return undefined;
  return {
    command,
    positional: words
      .slice(command.name.length + 1)
      .split(' ')
      .filter(Boolean),
  };
}

/** Validates arguments and runs a command; bad arguments are a CommandError with a readable message. */
export async function runCommand(db: Db, name: string, rawArgs: Record<string, unknown>, context: CommandContext = {}) {
  const resolved = resolveCommand(name);
  if (!resolved) throw new CommandError(`Unknown command "${name}". Run with --help for the list.`);
  const { command, positional } = resolved;
  // Positional words arrive as `_`; a command that takes none refuses them through its strict schema.
  const parsed = command.args.safeParse(positional.length > 0 ? { ...rawArgs, _: positional } : rawArgs);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => {
        if (i.path[0] === '_') return `${command.usage}: ${i.message}`;
        return i.path.length > 0 ? `--${i.path.join('.')}: ${i.message}` : i.message;
      })
      .join('; ');
    throw new CommandError(`Invalid arguments for ${name}: ${detail}`);
  }
  return command.run(db, parsed.data, context);
}
