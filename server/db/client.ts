// One data layer over two engines: a PostgreSQL server when DATABASE_URL is set (./postgres.ts),
// else embedded PGlite (./pglite.ts), migrated before anything reads it (./migrate.ts). Modules
// import the database's types and helpers from here or from ./database.ts.
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migratePglite } from './migrate.ts';
import type { Database, OpenOptions } from './database.ts';

export { readAll, type Database, type DatabaseStats, type Db, type DbOrTx, type OpenOptions, type Tx } from './database.ts';
export { DataDirInUseError, lockOwnerRuns, processExists } from './data-dir-lock.ts';

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const database = await openPglite(opts);
  await migratePglite(database.db);
  return database;
}
