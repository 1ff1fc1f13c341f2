// 301 from an imported post's old WordPress address to its article: the import keeps each post's
// addresses with its article, the server answers them. The site's own paths are told apart by a
// prefix check, so normal pages run no query; an old address costs one primary-key read.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { legacyRedirects } from '../db/schema.ts';
import { redirectKeyForRequest, redirectKeysFor } from './permalinks.ts';

/** In the post's import transaction: each address WordPress gave the post leads to its article (a taken one stays). */
export async function keepOldAddresses(tx: Tx, item: Parameters<typeof redirectKeysFor>[0], articleId: number) {
  const keys = redirectKeysFor(item);
  if (keys.length > 0)
    await tx
      .insert(legacyRedirects)
      .values(keys.map((key) => ({ path: key, articleId })))
      .onConflictDoNothing();
}

export function registerLegacyRedirects(app: FastifyInstance, db: Db) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const key = redirectKeyForRequest(request.url);
    if (!key) return;
    const [row] = await db
      .select({ articleId: legacyRedirects.articleId })
      .from(legacyRedirects)
      .where(eq(legacyRedirects.path, key))
      .limit(1);
    if (!row) return;
    return reply.header('cache-control', 'public, max-age=86400').redirect(`/article/${row.articleId}`, 301);
  });
}
