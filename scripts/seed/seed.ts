// Telugu demo newsroom (filled in by the foundation's seed work).
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import type { Services } from '../../server/services.ts';

export async function isDatabaseEmpty(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`(select count(*) from articles) + (select count(*) from categories)`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row.n === 0;
}

export async function seedDemoContent(services: Services, opts: { log: (line: string) => void }) {
  void services;
  opts.log('demo content: not yet implemented');
}
