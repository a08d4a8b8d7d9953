/**
 * The embedded data directory exists but PGlite cannot open it (a bare `Aborted()` from its WASM PostgreSQL). The
 * message replaces that one: what happened, where the directory is, and the command that sets it aside. Nothing is
 * changed on disk until an operator runs that command: the ledger in there is never silently replaced by an empty one.
 */
export class DataDirectoryUnopenable extends Error {
  constructor(
    readonly pgdata: string,
    readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      [
        `the embedded database in ${pgdata} cannot be opened: PGlite stopped with "${reason}"`,
        "(PostgreSQL's own reason is in the log lines above).",
        'This follows two processes writing to one data directory, or a write-ahead log torn by a crash.',
        'Nothing was changed: the directory is as it was.',
        'To keep it aside and start with a fresh database: npm run admin -- db recover --yes',
        '(moves it to a pglite.broken-<time> directory beside it; the users, keys, credits and payments in it are not in the new database).',
      ].join(' '),
    );
    this.name = 'DataDirectoryUnopenable';
  }
}
