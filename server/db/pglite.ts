// The embedded engine: PGlite, PostgreSQL compiled to WebAssembly and run inside this process, its
// data in DATA_DIR/db (held by one process at a time: ./data-dir-lock.ts), or in memory for tests.
//
// Two patches make its queries cheaper. Both replace methods on the one client this opens (nothing
// global is touched), both keep every answer as PGlite's own query() gives it, and ./pglite.test.ts
// checks both (as does every server test on PGlite: an article page reads through a prepared one):
//  - skipParserMerge: PGlite merges a query's own type parsers into its built-in ones on every
//    call, a large share of a short query's CPU (docs/performance.md). drizzle passes the same
//    parsers with every query, so the instance gets them once at creation and a query that passes
//    only those runs on the instance's.
//  - preparedStatements: PGlite parses and plans every query afresh; the queries registered with
//    Database.prepared are parsed once under a name and afterwards only bound and run. PGlite has
//    no public API for this, so it speaks the wire protocol through PGlite's internals
//    (`execProtocolStream`, `_runExclusiveTransaction`, `_runExclusiveQuery`, `syncToFs`,
//    `serializers`, `parsers`). Those are private: the PGlite version is pinned in package.json,
//    and an upgrade must check they still exist and mean the same.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type * as PGliteExports from '@electric-sql/pglite';
import * as schema from './schema.ts';
import { timeQueries, type Database, type Db, type OpenOptions } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';

type PGliteModule = typeof PGliteExports;
type PGliteClient = InstanceType<PGliteModule['PGlite']>;

/**
 * The types drizzle reads as PostgreSQL's text (timestamp, timestamptz, interval, date and their
 * arrays, numeric[]): drizzle's PGlite driver passes these parsers with every query.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * A query whose parsers are just drizzle's, which the instance already has (PGlite.create), runs
 * without them, on the instance's, with the same result; any other keeps its own.
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
 * Named prepared statements: a registered query text is parsed and described once under a name,
 * then only bound and executed. Outside transactions only (drizzle runs a transaction's queries
 * on its own handle), holding the same locks as PGlite's own query().
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

/** Opens (or creates) the embedded database, not yet migrated (./migrate.ts). */
export async function openPglite(opts: OpenOptions): Promise<Database> {
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
    // data files are read through Node's file system (and the OS page cache) anyway, so a small
    // pool reads as fast and keeps the process smaller (docs/performance.md).
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
