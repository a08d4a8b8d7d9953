import type { z } from 'zod';
import type { Db } from '@/lib/db/types';

/**
 * Operator commands. The admin CLI runs them against the database directly, or, while the service holds the embedded
 * database, sends them to the service's operator endpoint, which runs the same definitions in-process.
 */
export interface CommandDefinition<A extends z.ZodType = z.ZodType> {
  name: string;
  summary: string;
  usage: string;
  args: A;
  run(db: Db, args: z.output<A>, context?: CommandContext): Promise<Record<string, unknown>>;
  /** A human rendering of the result (a table) for the terminal; JSON otherwise. */
  render?(result: Record<string, unknown>): string;
}

export interface CommandContext {
  /** Progress of a long command, drawn as a bar when the CLI runs it on a terminal. */
  progress?(done: number, total: number, label: string): void;
}

export class CommandError extends Error {}

export function define<A extends z.ZodType>(definition: CommandDefinition<A>): CommandDefinition {
  return definition as unknown as CommandDefinition;
}
