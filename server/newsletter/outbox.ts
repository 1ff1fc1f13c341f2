// The breaking-news mail's writing side: the lifecycle (../articles/lifecycle.ts) calls
// `queueBreakingMail` in the transaction that marks a story breaking, beside its push. One edition
// per story (marking it breaking again sends nothing more); the newsletter worker (./service.ts)
// turns it into one outbox row per confirmed subscriber.
import { articles, newsletterEditions } from '../db/schema.ts';
import type { Tx } from '../db/client.ts';
import { inArray } from 'drizzle-orm';

export const breakingKey = (articleId: number) => `article:${articleId}`;

export async function queueBreakingMail(tx: Tx, articleIds: number[], mailConfigured: boolean): Promise<void> {
  if (!mailConfigured || articleIds.length === 0) return;
  const stories = await tx
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(inArray(articles.id, articleIds));
  for (const story of stories)
    await tx
      .insert(newsletterEditions)
      .values({ list: 'breaking', key: breakingKey(story.id), subject: `బ్రేకింగ్: ${story.title}`, articleIds: [story.id] })
      .onConflictDoNothing();
}
