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
  run(db: Db, args: z.output<A>): Promise<Record<string, unknown>>;
}

export class CommandError extends Error {}

export function define<A extends z.ZodType>(definition: CommandDefinition<A>): CommandDefinition {
  return definition as unknown as CommandDefinition;
}
