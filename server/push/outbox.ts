// The push outbox's writing side: the lifecycle (../articles/lifecycle.ts) calls `queuePush` in the
// transaction of the act that makes a story worth a push (breaking news, an approval, a scheduled
// publication), so the push exists exactly when the act commits and costs the editor one INSERT.
// The sender (./sender.ts) turns it into deliveries in the background.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { articleCategories, articles, pushEvents } from '../db/schema.ts';

export type PushKind = 'breaking' | 'published';

/** Who hears of a story: everyone who asked for breaking news, or the followers of its categories and district. */
async function topicsOf(tx: Tx, kind: PushKind, articleId: number): Promise<string[]> {
  if (kind === 'breaking') return ['breaking'];
  const rows = await tx
    .select({ id: articleCategories.categoryId })
    .from(articleCategories)
    .where(eq(articleCategories.articleId, articleId));
  const [story] = await tx.select({ district: articles.district }).from(articles).where(eq(articles.id, articleId));
  return [...rows.map((r) => `category:${r.id}`), ...(story?.district ? [`district:${story.district}`] : [])];
}

/** Queues the push of a story; once per story and kind (marking it breaking again sends nothing more). */
export async function queuePush(tx: Tx, kind: PushKind, articleIds: number[], now: Date): Promise<void> {
  for (const articleId of articleIds) {
    const topics = await topicsOf(tx, kind, articleId);
    if (topics.length === 0) continue;
    await tx.insert(pushEvents).values({ articleId, kind, topics, createdAt: now }).onConflictDoNothing();
  }
}
