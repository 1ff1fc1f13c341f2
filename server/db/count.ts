// Totals for paged lists (X-Total-Count, totalPages) that stay cheap on a big archive.
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Up to this many matching rows are counted exactly; above it the total is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;
/** A planner estimate at least this big is answered without counting (estimates err, rarely by 2x). */
const TRUST_ESTIMATE_FROM = 2 * EXACT_COUNT_LIMIT;

/**
 * Counting a million matching rows costs a scan of all of them on every page view, and even
 * counting to 10,001 cost most of a second for a common title word. The planner's row estimate
 * (statistics kept by ANALYZE) comes first: a big one is the answer (never below the limit);
 * otherwise the rows are counted, stopping at EXACT_COUNT_LIMIT + 1, and a count past the limit
 * falls back to the estimate.
 */
export async function boundedCount(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const estimated = await estimate(db, table, where);
  if (estimated >= TRUST_ESTIMATE_FROM) return estimated;
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  return n <= EXACT_COUNT_LIMIT ? n : Math.max(EXACT_COUNT_LIMIT + 1, estimated);
}

async function estimate(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const plan = await db.execute(sql`explain (format json) (select 1 from ${table} ${where ? sql`where ${where}` : sql``})`);
  const rows = (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const json = Object.values(rows[0] ?? {})[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}
