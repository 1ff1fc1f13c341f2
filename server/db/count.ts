// Totals for paged lists (X-Total-Count, totalPages) that stay cheap on a big archive.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Up to this many matching rows are counted exactly; above it the total is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Counting a million matching rows costs a scan of all of them on every page view. The count stops
 * at EXACT_COUNT_LIMIT + 1 rows; past that the planner's row estimate (statistics kept by ANALYZE)
 * stands in, never below the limit, so a reader sees "more than 10,000" either way.
 */
export async function boundedCount(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= EXACT_COUNT_LIMIT) return n;
  const plan = await db.execute(sql`explain (format json) (select 1 from ${table} ${where ? sql`where ${where}` : sql``})`);
  const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const json = Object.values(rows[0] ?? {})[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0));
}
