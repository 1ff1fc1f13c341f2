// Articles saved before the Tenglish columns existed (or inserted by hand) have NULL there; this
// fills them in, in small batches, with the same function every write path uses. It runs once at
// start, in the background: until a row is filled, only Telugu queries find it.
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { articles } from '../db/schema.ts';
import { searchFieldsFor } from '../articles/text.ts';

const BATCH = 200;

/** Fills every missing Tenglish column; answers how many articles it wrote. */
export async function backfillTenglish(db: Db): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await db
      .select({ id: articles.id, title: articles.title, content: articles.content })
      .from(articles)
      .where(isNull(articles.searchLatin))
      .orderBy(articles.id)
      .limit(BATCH);
    if (rows.length === 0) return written;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const { titleLatin, searchLatin } = searchFieldsFor(row.title, row.content);
        await tx.update(articles).set({ titleLatin, searchLatin }).where(eq(articles.id, row.id));
      }
    });
    written += rows.length;
  }
}
