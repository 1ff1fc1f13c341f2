// 301 from an imported post's old WordPress address to its article. The site's own paths are told
// apart by a prefix check, so normal pages run no query; an old address costs one primary-key read.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { legacyRedirects } from '../db/schema.ts';
import { redirectKeyForRequest } from './permalinks.ts';

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
