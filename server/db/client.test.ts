import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, type Database, type DbOrTx } from './client.ts';
import { openPgliteCopy } from '../test/databases.ts';
import { TEST_DB, useTestApp } from '../test/app.ts';

type RawClient = {
  query(text: string, params?: unknown[], options?: object): Promise<{ rows: Record<string, unknown>[] }>;
  parsers: Record<number, (value: string) => unknown>;
};

// PGlite is given drizzle's parsers once instead of merging them into its own on every query
// (server/db/client.ts): what drizzle reads must not change, in a transaction or out of one.
describe.skipIf(TEST_DB !== 'pglite')('PGlite type parsers', () => {
  let database: Database;
  let client: RawClient;

  beforeAll(async () => {
    database = await openPgliteCopy();
    client = (database.db as unknown as { $client: RawClient }).$client;
  });
  afterAll(() => database.close());

  const moment = sql`select timestamptz '2026-11-24 18:00:00+00' as at, date '2026-11-25' as day, interval '90 minutes' as span`;

  it('drizzle reads timestamps, dates and intervals as PostgreSQL wrote them, in and out of a transaction', async () => {
    const expected = { at: '2026-11-24 18:00:00+00', day: '2026-11-25', span: '01:30:00' };
    const firstRow = (result: unknown) => (result as { rows: unknown[] }).rows[0];
    expect(firstRow(await database.db.execute(moment))).toEqual(expected);
    const inTransaction = await database.db.transaction(async (tx) => firstRow(await tx.execute(moment)));
    expect(inTransaction).toEqual(expected);
    // Given to the instance, so drizzle's own copy can be left out of each query.
    expect(client.parsers[1184]('2026-11-24 18:00:00+00')).toBe('2026-11-24 18:00:00+00');
  });

  it("keeps a query's own parsers when they are not drizzle's", async () => {
    const { rows } = await client.query('select 41 + 1 as n', [], { parsers: { 23: (v: string) => `n=${v}` } });
    expect(rows[0].n).toBe('n=42');
    expect((await client.query('select 41 + 1 as n')).rows[0].n).toBe(42);
  });
});

// A transaction is one connection: reads sent together would queue on it (node-postgres warns,
// and its next major version refuses); on the pool they run side by side.
describe(`reads that may share a transaction (${TEST_DB})`, () => {
  const t = useTestApp();

  const tracked = () => {
    let running = 0;
    let most = 0;
    const read = (db: DbOrTx) => async () => {
      running++;
      most = Math.max(most, running);
      try {
        const result = (await db.execute(sql`select pg_sleep(0.02), 1 as n`)) as { rows: unknown[] };
        return result.rows.length;
      } finally {
        running--;
      }
    };
    return { read, most: () => most };
  };

  it('one after another in a transaction, with no warning, and side by side outside one', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const inside = tracked();
      const results = await t.services.db.transaction((tx) => readAll(tx, [inside.read(tx), inside.read(tx), inside.read(tx)]));
      expect(results).toEqual([1, 1, 1]);
      expect(inside.most()).toBe(1);

      const outside = tracked();
      expect(await readAll(t.services.db, [outside.read(t.services.db), outside.read(t.services.db)])).toEqual([1, 1]);
      expect(outside.most()).toBe(2);
      await new Promise((r) => setImmediate(r));
      expect(warnings.map((w) => w.message)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
