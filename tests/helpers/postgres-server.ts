import postgres from 'postgres';

/** The PostgreSQL server a suite that needs one can use even when the run is on PGlite. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * DATABASE_URL when it is set (an unreachable one then fails the suite: it was asked for); else the local server, if
 * it answers. The reason comes back instead of a URL when neither is there, for the suite to skip with.
 */
export async function postgresServer(): Promise<{ url: string } | { url?: undefined; why: string }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const sql = postgres(LOCAL_POSTGRES, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return { url: LOCAL_POSTGRES };
  } catch (error) {
    return { why: `no DATABASE_URL and no PostgreSQL at ${LOCAL_POSTGRES} (${(error as Error).message})` };
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}
