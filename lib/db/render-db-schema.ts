import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { Queryable } from './types';

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  nullable: boolean;
  /** A default or an identity: the column may be left out of an insert. */
  generated: boolean;
}

// What both drivers hand back for each type (checked on PGlite and postgres.js alike): int8 is a number because
// lib/db/postgres.ts parses it as PGlite does; date and timestamptz are Dates; numeric is a string.
const TYPES: Record<string, string> = {
  bool: 'boolean',
  date: 'Timestamp',
  float4: 'number',
  float8: 'number',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  jsonb: 'Json',
  numeric: 'string',
  text: 'string',
  timestamptz: 'Timestamp',
  tsvector: 'string',
  uuid: 'string',
  vector: 'string',
  // Transaction ids: drivers hand back their text.
  xid8: 'string',
};

function tsType(udt: string): string {
  if (udt.startsWith('_')) return `${tsType(udt.slice(1))}[]`;
  const type = TYPES[udt];
  if (!type) throw new Error(`No TypeScript type for the column type ${udt}: add it to lib/db/render-db-schema.ts`);
  return type;
}

const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

const HEADER = `// Generated from supabase/migrations by \`npm run db:types\` (scripts/generate-db-schema.ts): do not edit.
// tests/db/db-schema.test.ts fails when this file and the migrations disagree.
import type { ColumnType } from 'kysely';

/** A column an insert may leave out (a default or an identity); unlike Kysely's own, it also wraps a ColumnType. */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

/** Read as a Date; written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Parsed by the driver on the way out; written as JSON text or a value the driver serializes. */
export type Json = ColumnType<unknown, unknown, unknown>;
`;

/** The public tables of the database behind q as Kysely's DB interface, one interface per table. */
export async function describeTables(q: Queryable): Promise<string> {
  const columns = await q.query<Column & Record<string, unknown>>(
    `select c.table_name, c.column_name, c.udt_name, c.is_nullable = 'YES' as nullable,
            (c.column_default is not null or c.is_identity = 'YES') as generated
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, Column[]>();
  for (const column of columns) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);
  const interfaces = [...tables].map(([table, cols]) => {
    const fields = cols.map((col) => {
      const type = `${tsType(col.udt_name)}${col.nullable ? ' | null' : ''}`;
      return `  ${col.column_name}: ${col.generated ? `Generated<${type}>` : type};`;
    });
    return `export interface ${pascal(table)}Table {\n${fields.join('\n')}\n}\n`;
  });
  const db = [...tables.keys()].map((table) => `  ${table}: ${pascal(table)}Table;`);
  return [HEADER, ...interfaces, `export interface DB {\n${db.join('\n')}\n}\n`].join('\n');
}

/**
 * The schema that the migrations build, on a fresh in-memory PGlite. PGlite rather than PostgreSQL because it has
 * pgvector, so the tables that exist only with it (post_embeddings) are declared too.
 */
export async function renderDbSchema(): Promise<string> {
  const db = await openPglite(null);
  try {
    await migrate(db);
    return await describeTables(db);
  } finally {
    await db.close();
  }
}
