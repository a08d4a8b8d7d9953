import { z } from 'zod';
import { env } from '@/lib/env';
import { loadCompanyIndex } from '@/lib/reference/load-company-index';
import { universeInfo } from '@/lib/reference/universe';
import { type CommandDefinition, define } from './command';

/** The company universe's reference data: what it is, and loading a newer SEC list of the same format. */
export const REFERENCE_COMMANDS: CommandDefinition[] = [
  define({
    name: 'reference companies',
    summary: 'Show the company universe in use: source, date, number of tickers.',
    usage: 'reference companies',
    args: z.strictObject({}),
    async run() {
      return universeInfo();
    },
  }),
  define({
    name: 'reference companies load',
    summary:
      'Load a newer SEC EDGAR company_tickers.json (same format) as the company universe, now and at every start.',
    usage: 'reference companies load <file> [--asOf YYYY-MM[-DD]]',
    args: z.strictObject({
      _: z.tuple([z.string().min(1).max(1000)], 'takes one <file>'),
      asOf: z
        .string()
        .regex(/^\d{4}-\d{2}(?:-\d{2})?$/u, 'is YYYY-MM or YYYY-MM-DD')
        .optional(),
    }),
    async run(_db, args) {
      const asOf = args.asOf ?? new Date().toISOString().slice(0, 10);
      return loadCompanyIndex(args._[0], { dataDir: env().DATA_DIR, asOf });
    },
  }),
];
