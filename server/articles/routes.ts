// Articles: the reporter's API and the shared edit PUT /api/articles/{id} (declared in
// contract/reporter.ts). Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { readMultipart, type UploadedFile } from '../media/multipart.ts';
import { badRequest, parseOr400 } from '../http/errors.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { ARTICLE_MESSAGES, ArticleCreateSchema, ArticleEditSchema } from '../../contract/article-form.ts';
import { ARTICLE_ROUTES as routes } from '../../contract/reporter.ts';

/** The `article` part arrives as a JSON string (or, from JSON clients, already parsed). */
function articleJson(raw: unknown): unknown {
  if (raw === undefined || raw === null) throw badRequest(ARTICLE_MESSAGES.missingArticlePart);
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(ARTICLE_MESSAGES.invalidArticleJson);
  }
}

/**
 * Reads an article request: the `article` part (a text field, or a JSON blob sent as a file part by
 * some clients; JSON clients may send the article object as the body) parsed with `schema`, the
 * create, edit or draft rules as the route may be, and the `images` files. Services get typed values.
 */
export async function readArticleRequest<T>(
  request: FastifyRequest,
  schema: z.ZodType<T>,
  opts: { maxFiles: number; empty?: unknown },
): Promise<{ article: T; images: UploadedFile[] }> {
  if (!request.isMultipart()) return { article: parseOr400(schema, articleJson(request.body ?? opts.empty)), images: [] };
  const { fields, files } = await readMultipart(request, { maxFiles: opts.maxFiles });
  const blob = files.find((f) => f.fieldname === 'article');
  const raw = fields.article ?? blob?.data.toString('utf8') ?? opts.empty;
  return { article: parseOr400(schema, articleJson(raw)), images: files.filter((f) => f.fieldname === 'images') };
}

// One more file than allowed is read so the count rule answers with its own message.
const MAX_FILES = MAX_ARTICLE_IMAGES + 2;

export async function articlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const articles = services.articles;

  serve(app, routes.create, async (request) => {
    const { article, images } = await readArticleRequest(request, ArticleCreateSchema, { maxFiles: MAX_FILES });
    return articles.create(currentUser(request), article, images);
  });

  serve(app, routes.update, async (request) => {
    const { article, images } = await readArticleRequest(request, ArticleEditSchema, { maxFiles: MAX_FILES });
    return articles.update(currentUser(request), request.params.id, article, images, {
      approve: request.query.approve === 'true',
      ip: request.ip,
    });
  });

  // The /reporter prefix is REPORTER only: an admin uses /api/admin/**.
  serve(app, routes.approved, async (request) => articles.listApproved(currentUser(request), request.query));
  serve(app, routes.pendingRejected, async (request) => articles.listPendingRejected(currentUser(request)));
  serve(app, routes.counts, async (request) => articles.counts(currentUser(request)));
  serve(app, routes.get, async (request) => articles.getOwn(currentUser(request), request.params.id));
  serve(app, routes.remove, async (request) => {
    await articles.deleteOwn(currentUser(request), request.params.id, request.ip);
  });
}
