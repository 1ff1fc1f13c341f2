import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { categories } from './schema.ts';
import { openPgliteCopy } from '../test/databases.ts';
import { TEST_DB } from '../test/app.ts';

type RawClient = {
  query(text: string, params?: unknown[], options?: object): Promise<{ rows: Record<string, unknown>[] }>;
  parsers: Record<number, (value: string) => unknown>;
};

// PGlite is given drizzle's parsers once instead of merging them into its own on every query
// (./pglite.ts): what drizzle reads must not change, in a transaction or out of one.
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

  // Database.prepared runs a registered query through PGlite's wire protocol (./pglite.ts).
  it('answers a registered query as drizzle does, with every value, created dates included', async () => {
    const rows = await database.db
      .insert(categories)
      .values([{ name: 'ఒకటి' }, { name: 'రెండు' }])
      .returning();
    const byId = database.prepared(
      database.db
        .select()
        .from(categories)
        .where(eq(categories.id, sql.placeholder('id')))
        .prepare('test_category_by_id'),
    );
    for (const row of [...rows, ...rows]) expect(await byId.execute({ id: row.id })).toEqual([row]);
    expect(await byId.execute({ id: -1 })).toEqual([]);
  });
});
