// The server engine: PostgreSQL through a node-postgres pool (DATABASE_URL), with its own LISTEN
// connection for the change feed, so several instances share one database and hear each other.
import { sql } from 'drizzle-orm';
import type { Client as PgClient } from 'pg';
import * as schema from './schema.ts';
import { timeQueries, type Database, type Db } from './database.ts';
import { migratePostgres } from './migrate.ts';

/** Opens the pool and migrates the database (one instance at a time: ./migrate.ts). */
export async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // No JIT: the app's reads are index reads of a few milliseconds, and PostgreSQL compiles any plan
  // it costs above jit_above_cost. It overestimates some of them (a trigram LIKE of a short pattern,
  // such as a search for `t20`, is costed as a good part of the table), and compiling then took
  // longer than the read.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // A connection the server ends (restart, failover, DROP ... WITH (FORCE)) emits 'error'; with no
  // listener Node would crash the process. Queries on it still reject; the pool replaces it.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  await migratePostgres(pool);
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
