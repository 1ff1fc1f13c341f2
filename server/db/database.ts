// What every module sees of the database, whichever engine runs it (./client.ts opens one): the
// drizzle handle's types, the Database the server holds, and what both engines share.
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs reads side by side on the pool, and one after another inside a transaction: a transaction
 * holds one connection, and node-postgres queues a query sent while another runs (with a
 * deprecation warning; its next major version refuses it).
 */
export async function readAll<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export type DatabaseStats = { queries: number; querySeconds: number; gauges: Record<string, number> };

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Subscribe to a NOTIFY channel (PostgreSQL) or in-process event (PGlite). `onResume` runs when
   * the LISTEN connection is back after a loss (a database restart): messages may have been missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /** For GET /metrics: queries outside transactions (count, seconds) and engine figures. */
  stats(): DatabaseStats;
  /**
   * Runs a drizzle prepared query (`db.select()...prepare('name')`) as a named prepared statement
   * on both engines: parsed and planned once per connection, not on every call (drizzle names it
   * on PostgreSQL; ./pglite.ts does it on PGlite, where planning is most of a primary-key read's
   * CPU: docs/performance.md). Only for queries whose best plan does not depend on the values,
   * such as a primary-key read: after five runs PostgreSQL may keep one generic plan for every value.
   */
  prepared<P extends { getQuery(): { sql: string } }>(query: P): P;
  /**
   * PGlite has no background workers: refresh planner statistics (without them a fresh database
   * plans search without its trigram index: docs/performance.md) and checkpoint so the WAL stays
   * bounded. A PostgreSQL server does both itself.
   */
  maintain(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to open copies of with `template`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** PGlite: start from this dumped data directory instead of a new one (tests copy a migrated template). */
  template?: Blob;
};

/** Times every call of `client.query` (drizzle's path for queries outside transactions). */
export function timeQueries(client: { query: (...args: never[]) => Promise<unknown> }) {
  const totals = { queries: 0, querySeconds: 0 };
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as { query: unknown }).query = async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await query(...args);
    } finally {
      totals.queries++;
      totals.querySeconds += (performance.now() - started) / 1000;
    }
  };
  return totals;
}
