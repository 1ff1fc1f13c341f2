// One data layer over two engines: embedded PGlite (default) or a PostgreSQL server.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appRoot } from '../paths.ts';
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type * as PGliteExports from '@electric-sql/pglite';
import * as schema from './schema.ts';

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

/** Times every call of `client.query` (drizzle's path for queries outside transactions). */
function timeQueries(client: { query: (...args: never[]) => Promise<unknown> }) {
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

type PGliteModule = typeof PGliteExports;
type PGliteClient = InstanceType<PGliteModule['PGlite']>;

/**
 * The types drizzle reads as PostgreSQL's text (timestamp, timestamptz, interval, date and their
 * arrays, numeric[]): drizzle's PGlite driver passes these parsers with every query.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * PGlite merges a query's own parsers into its ~300 built-in ones on every call: half the CPU of a
 * `select 1` (0.13 of 0.26 ms). The instance is given drizzle's parsers once (PGlite.create), and
 * a query whose parsers are just those runs without them, on the instance's, with the same result.
 */
function skipParserMerge(client: PGliteClient, instanceParsers: Record<number, unknown>) {
  type QueryFn = (text: string, params?: unknown[], options?: { parsers?: object }) => Promise<unknown>;
  // drizzle's parsers for these types return the text as it came, as the instance's do.
  const onlyInstanceTypes = (parsers: object) => Object.keys(parsers).every((type) => type in instanceParsers);
  const withoutMerge = (query: QueryFn): QueryFn => {
    return (text, params, options) =>
      query(text, params, options?.parsers && onlyInstanceTypes(options.parsers) ? { ...options, parsers: undefined } : options);
  };
  const target = client as unknown as {
    query: QueryFn;
    transaction: (fn: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
  };
  target.query = withoutMerge(target.query.bind(client));
  const transaction = target.transaction.bind(client);
  target.transaction = (fn) =>
    transaction((tx) => {
      const t = tx as { query: QueryFn };
      t.query = withoutMerge(t.query.bind(tx));
      return fn(tx);
    });
}

/**
 * Named prepared statements for PGlite, which parses and plans every query afresh: queries whose
 * text was registered (Database.prepared) are parsed once under a name, then only bound and run.
 * Outside transactions only (drizzle runs a transaction's queries on its own handle), holding the
 * same locks as PGlite's own query().
 */
function preparedStatements(client: PGliteClient, { protocol, parse }: PGliteModule) {
  const { serialize } = protocol;
  const registered = new Set<string>();
  const statements = new Map<string, { name: string; types: number[] }>();
  const query = client.query.bind(client) as (text: string, params?: unknown[], options?: object) => Promise<unknown>;
  const run = async (text: string, params: unknown[], options: object | undefined) => {
    const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const messages = [];
        try {
          let statement = statements.get(text);
          if (!statement) {
            const name = `prepared_${statements.size + 1}`;
            await send(serialize.parse({ name, text }));
            statement = { name, types: parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name }))) };
            statements.set(text, statement);
          }
          const types = statement.types;
          const values = params.map((value, i) =>
            value === null || value === undefined ? null : (client.serializers[types[i]]?.(value) ?? String(value)),
          );
          messages.push(
            ...(await send(serialize.bind({ statement: statement.name, values }))),
            ...(await send(serialize.describe({ type: 'P' }))),
            ...(await send(serialize.execute({}))),
          );
        } finally {
          messages.push(...(await send(serialize.sync())));
        }
        await client.syncToFs();
        return parse.parseResults(messages, client.parsers, options)[0];
      }),
    );
  };
  (client as { query: unknown }).query = (text: string, params: unknown[] = [], options?: object) =>
    registered.has(text) ? run(text, params, options) : query(text, params, options);
  return { register: (text: string) => void registered.add(text) };
}

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
   * on PostgreSQL; this does it on PGlite, where planning the article page's query was 1.1 of its
   * 1.5 ms of CPU). Only for queries whose best plan does not depend on the values, such as a
   * primary-key read: after five runs PostgreSQL may keep one generic plan for every value.
   */
  prepared<P extends { getQuery(): { sql: string } }>(query: P): P;
  /**
   * PGlite has no background workers: refresh planner statistics (without them a fresh
   * database plans search at ~900 ms instead of a few) and checkpoint so the WAL stays bounded.
   * A PostgreSQL server does both itself.
   */
  maintain(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to open copies of with `template`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(appRoot, 'server/db/migrations');

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** PGlite: start from this dumped data directory instead of a new one (tests copy a migrated template). */
  template?: Blob;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const database = await openPglite(opts);
  await migratePglite(database);
  return database;
}

/** Another process has the embedded database open. */
export class DataDirInUseError extends Error {}

/**
 * Whether a process with this id runs (one of another user counts). A zombie does not: it has
 * exited and only waits for its parent (or PID 1) to collect its status, which after a kill -9
 * can take seconds.
 */
export const processExists = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const state = procState(pid);
  return state !== 'Z' && state !== 'X';
};

/** The state letter in /proc/<pid>/stat (R, S, D, Z...); undefined without /proc (macOS). */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": comm may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/**
 * Whether the process is a run of this program: the same executable (node), as far as
 * /proc/<pid>/cmdline tells. After a reboot a lock's pid may belong to anything else; that is
 * not an owner. Without /proc, or when it cannot be read, the process counts as ours.
 */
function runsThisProgram(pid: number): boolean {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  const executable = path.basename(cmdline.split('\0')[0] ?? '');
  return executable === path.basename(process.execPath) || /^node(js)?(\d+)?$/.test(executable);
}

/** A lock owner that still holds the directory: running, not a zombie, and this program. */
export const lockOwnerRuns = (pid: number) => pid > 0 && processExists(pid) && runsThisProgram(pid);

/**
 * PGlite has no server process to turn a second one away, and two processes writing one data
 * directory corrupt it (every later start then failed in ANALYZE with "tuple already updated by
 * self"). A lock file beside the directory holds its owner's pid; one left by a process that is
 * gone (killed, power cut, a zombie not yet collected, a pid reused by another program after a
 * reboot) is taken over. Returns the release.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
    if (lockOwnerRuns(owner)) {
      throw new DataDirInUseError(
        `The embedded database ${dataDir} is in use by process ${owner}: stop that server first (if none is running, delete ${lockFile}).`,
      );
    }
    await rm(lockFile, { force: true });
  }
  throw new DataDirInUseError(`Could not lock the embedded database ${dataDir} (${lockFile}).`);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const pglite = await import('@electric-sql/pglite');
  const { PGlite } = pglite;
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const drizzleParsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value]));
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.join(opts.dataDir ?? './data', 'db');
    await mkdir(path.dirname(dataDir), { recursive: true });
  }
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: opts.template,
    // No background checkpointer: bound the WAL; main.ts calls maintain() periodically.
    // shared_buffers: PostgreSQL's buffer pool lives in the process's WebAssembly heap, while the
    // data files are read through Node's file system (and the OS page cache) anyway. 8MB instead
    // of the default 128MB: ~130 MB less resident, reads as fast (docs/performance.md).
    postgresqlconf: ['max_wal_size = 64MB', 'min_wal_size = 32MB', 'shared_buffers = 8MB'],
    parsers: drizzleParsers,
  }).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const statements = preparedStatements(client, pglite);
  skipParserMerge(client, drizzleParsers);
  const totals = timeQueries(client);
  const db = drizzle({ client, schema }) as unknown as Db;
  const listeners = new Map<string, Set<(p: string) => void>>();
  return {
    db,
    engine: 'pglite',
    prepared: (query) => {
      statements.register(query.getQuery().sql);
      return query;
    },
    stats: () => ({
      ...totals,
      // The WebAssembly memory PostgreSQL runs in: most of an embedded server's resident memory.
      gauges: {
        pglite_wasm_heap_bytes:
          (client as unknown as { Module?: { wasmMemory?: WebAssembly.Memory } }).Module?.wasmMemory?.buffer.byteLength ?? 0,
      },
    }),
    async listen(channel, onMessage) {
      // One process owns an embedded database, so in-process delivery is complete.
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(onMessage);
    },
    async notify(channel, payload) {
      for (const fn of listeners.get(channel) ?? []) fn(payload);
    },
    async maintain() {
      await client.exec('ANALYZE');
      await client.exec('CHECKPOINT');
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      if (!client.closed) {
        await client.exec('CHECKPOINT').catch(() => {});
        await client.close();
        await unlock();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // No JIT: the app's reads are index reads of a few milliseconds, and PostgreSQL compiles any plan
  // it costs above jit_above_cost. It overestimates some of them (a trigram LIKE of a short pattern,
  // such as a search for `t20`, is costed as a good part of the table), and compiling then took
  // longer than the read.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // A connection the server ends (restart, failover, DROP ... WITH (FORCE)) emits 'error'; with no
  // listener Node would crash the process. Queries on it still reject; the pool replaces it.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  // Several instances may start at once against one server: serialise migrations on one
  // connection (advisory locks belong to a session).
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(drizzle({ client: lockClient }), { migrationsFolder });
    await lockClient.query('select pg_advisory_unlock(727274)');
  } finally {
    lockClient.release();
  }
  const totals = timeQueries(pool);
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const feed = listenConnection(pg, url);
  return {
    db,
    engine: 'postgres',
    prepared: (query) => query,
    stats: () => ({
      ...totals,
      gauges: {
        pg_pool_total: pool.totalCount,
        pg_pool_idle: pool.idleCount,
        pg_pool_waiting: pool.waitingCount,
        pg_listen_connected: feed.connected() ? 1 : 0,
      },
    }),
    listen: feed.listen,
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async maintain() {},
    async close() {
      await feed.close();
      await pool.end();
    },
  };
}

/**
 * The LISTEN connection: its own client, outside the pool. When the server restarts (or the
 * connection drops) it connects again, with growing pauses, LISTENs on every channel again and
 * then calls each `onResume`: notifications sent while it was away are lost.
 */
function listenConnection(pg: { Client: typeof PgClient }, url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resumers = new Set<() => void>();
  let listener: PgClient | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;

  async function connect() {
    const client = new pg.Client({ connectionString: url });
    // An unexpected end also emits 'end', handled below; without an 'error' listener Node crashes.
    client.on('error', () => {});
    client.on('notification', (m) => {
      for (const fn of handlers.get(m.channel) ?? []) fn(m.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(listenSql(channel));
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    listener = client;
    client.once('end', () => {
      if (listener !== client) return;
      listener = undefined;
      if (closed) return;
      console.warn('PostgreSQL: the change feed connection was lost; reconnecting.');
      reconnect(250);
    });
  }

  function reconnect(delayMs: number) {
    retry = setTimeout(async () => {
      retry = undefined;
      if (closed) return;
      try {
        await connect();
      } catch {
        reconnect(Math.min(delayMs * 2, 2000));
        return;
      }
      if (closed) return void listener?.end().catch(() => {});
      console.warn('PostgreSQL: the change feed connection is back.');
      for (const fn of resumers) fn();
    }, delayMs);
    retry.unref();
  }

  return {
    connected: () => listener !== undefined,
    async listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void) {
      if (onResume) resumers.add(onResume);
      const known = handlers.has(channel);
      if (!known) handlers.set(channel, new Set());
      handlers.get(channel)!.add(onMessage);
      if (known || retry) return; // a reconnect under way LISTENs on every channel
      if (listener) {
        await listener.query(listenSql(channel));
        return;
      }
      // The first channel: connect (a failure here fails the start, as any query would).
      connecting ??= connect().finally(() => (connecting = undefined));
      await connecting;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}

async function migratePglite(database: Database) {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder });
}
