import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readAll, type DbOrTx } from './database.ts';
import { TEST_DB, useTestApp } from '../test/app.ts';

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
