// Drafts and revision history over HTTP: thin adapters over ./drafts.ts and ./revisions.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser, requireRole } from '../http/guards.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { articleId, readArticleRequest } from './routes.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { DRAFT_MESSAGES } from '../../contract/drafts.ts';

const RevParams = z.object({ revId: z.string() });
function revisionId(params: unknown): number {
  const raw = parseOr400(RevParams, params).revId;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) <= 0) throw notFound(DRAFT_MESSAGES.revisionNotFound);
  return Number(raw);
}

export async function draftsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { drafts, revisions } = services;
  const reporterOnly = { preHandler: requireRole('REPORTER') };
  const authorOrAdmin = { preHandler: requireRole('REPORTER', 'ADMIN') };
  const adminOnly = { preHandler: requireRole('ADMIN') };
  // One more file than allowed is read so the count rule answers with its own message.
  const maxFiles = MAX_ARTICLE_IMAGES + 2;

  app.post('/articles/drafts', reporterOnly, async (request, reply) => {
    const { article, images } = await readArticleRequest(request, maxFiles);
    return reply.status(201).send(await drafts.create(currentUser(request), article, images));
  });

  app.put('/articles/drafts/:id', reporterOnly, async (request) => {
    const { article, images } = await readArticleRequest(request, maxFiles);
    return drafts.save(currentUser(request), articleId(request.params), article, images);
  });

  app.post('/articles/drafts/:id/submit', reporterOnly, async (request) => {
    const id = articleId(request.params);
    // An empty body submits the draft as stored.
    const body = request.isMultipart() || request.body ? await readArticleRequest(request, maxFiles) : undefined;
    return drafts.submit(currentUser(request), id, body?.article ?? undefined, body?.images ?? []);
  });

  app.get('/reporter/articles/drafts', reporterOnly, async (request) => drafts.listOwn(currentUser(request)));

  app.get('/reporter/articles/drafts/:id', reporterOnly, async (request) =>
    drafts.getOwn(currentUser(request), articleId(request.params)),
  );

  app.delete('/reporter/articles/drafts/:id', reporterOnly, async (request, reply) => {
    await drafts.remove(currentUser(request), articleId(request.params));
    return reply.status(204).send();
  });

  app.get('/articles/:id/revisions', authorOrAdmin, async (request) =>
    revisions.list(currentUser(request), articleId(request.params)),
  );

  app.get('/articles/:id/revisions/:revId', authorOrAdmin, async (request) =>
    revisions.get(currentUser(request), articleId(request.params), revisionId(request.params)),
  );

  app.get('/admin/articles/:id/changes-since-rejection', adminOnly, async (request) => ({
    changes: await revisions.sinceRejection(currentUser(request), articleId(request.params)),
  }));

  app.post('/admin/articles/:id/revisions/:revId/restore', adminOnly, async (request) =>
    revisions.restore(currentUser(request), articleId(request.params), revisionId(request.params), request.ip),
  );
}
