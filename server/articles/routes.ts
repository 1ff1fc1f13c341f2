// Articles: the reporter's API (SPEC.md §7 Reporter) and the shared edit PUT /api/articles/{id}.
// Thin adapters: every rule is in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser, requireRole } from '../http/guards.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { readMultipart } from '../media/multipart.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';

const IdParams = z.object({ id: z.string() });
/** A malformed id names no article: 404 like any other missing one. */
export function articleId(params: unknown): number {
  const raw = parseOr400(IdParams, params).id;
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id <= 0 || id > 2_147_483_647) throw notFound('Article not found.');
  return id;
}
const EditQuery = z.object({ approve: z.enum(['true', 'false']).optional() });

/** The `article` part: a text field, or a JSON blob sent as a file part by some clients. */
export async function readArticleRequest(request: FastifyRequest, maxFiles: number) {
  if (!request.isMultipart()) {
    // JSON clients may send the article object itself.
    return { article: request.body, images: [] };
  }
  const { fields, files } = await readMultipart(request, { maxFiles });
  const blob = files.find((f) => f.fieldname === 'article');
  return {
    article: fields.article ?? blob?.data.toString('utf8'),
    images: files.filter((f) => f.fieldname === 'images'),
  };
}

export async function articlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const articles = services.articles;

  // One more file than allowed is read so the count rule answers with its own message.
  app.post('/articles', { preHandler: requireRole('REPORTER') }, async (request, reply) => {
    const { article, images } = await readArticleRequest(request, MAX_ARTICLE_IMAGES + 2);
    return reply.status(201).send(await articles.create(currentUser(request), article, images));
  });

  app.put('/articles/:id', { preHandler: requireRole('REPORTER', 'ADMIN') }, async (request) => {
    const id = articleId(request.params);
    const { approve } = parseOr400(EditQuery, request.query);
    const { article } = await readArticleRequest(request, 1);
    return articles.update(currentUser(request), id, article, { approve: approve === 'true', ip: request.ip });
  });

  // The /reporter prefix is REPORTER only: an admin uses /api/admin/** (SPEC.md §6).
  await app.register(async (reporter) => {
    reporter.addHook('preHandler', requireRole('REPORTER'));

    reporter.get('/reporter/articles/approved', async (request) => articles.listApproved(currentUser(request), request.query));

    reporter.get('/reporter/articles/pending-rejected', async (request) => articles.listPendingRejected(currentUser(request)));

    reporter.get('/reporter/articles/:id', async (request) => {
      const id = articleId(request.params);
      return articles.getOwn(currentUser(request), id);
    });

    reporter.delete('/reporter/articles/:id', async (request, reply) => {
      const id = articleId(request.params);
      await articles.deleteOwn(currentUser(request), id, request.ip);
      return reply.status(204).send();
    });
  });
}
