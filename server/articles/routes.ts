// Articles: the reporter's API and the shared edit PUT /api/articles/{id}. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { readMultipart, type UploadedFile } from '../media/multipart.ts';
import { badRequest, parseOr400 } from '../http/errors.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import {
  ApprovedListQuerySchema,
  ARTICLE_MESSAGES,
  ArticleCreateSchema,
  ArticleEditSchema,
} from '../../contract/article-form.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import { ArticleListSchema, ArticleSchema, ReporterApprovedPageSchema } from '../../contract/articles.schema.ts';

const tags = ['articles (reporter)'];

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

/** What the multipart article requests carry, for the reference. */
export const ARTICLE_MULTIPART =
  'multipart/form-data: an `article` part (JSON: title, author, content, region, categoryIds, youtubeVideoId (the id or a ' +
  'YouTube link), summary (optional, at most 150 characters)) and repeated `images` files (JPG, PNG, WEBP; 2 MB each). ' +
  'On create 1 to 4 files, the first is the cover. On edit the `article` part may carry `imageOrder`: the images after ' +
  'the edit in order, each a kept image (its id or URL) or `{"upload": n}` (the n-th file of the request); 1 to 4 in ' +
  'all, the first is the cover; without it the images stay and new files follow them. JSON clients may send the ' +
  'article object as the body.';

// One more file than allowed is read so the count rule answers with its own message.
const MAX_FILES = MAX_ARTICLE_IMAGES + 2;

export async function articlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const articles = services.articles;
  const api = typed(app);

  api.post(
    '/articles',
    {
      config: { access: ['REPORTER'] },
      schema: {
        tags,
        summary: 'Submit an article for review',
        description: ARTICLE_MULTIPART,
        response: { 201: ArticleSchema, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const { article, images } = await readArticleRequest(request, ArticleCreateSchema, { maxFiles: MAX_FILES });
      return reply.status(201).send(await articles.create(currentUser(request), article, images));
    },
  );

  api.put(
    '/articles/:id',
    {
      config: { access: ['REPORTER', 'ADMIN'] },
      schema: {
        tags,
        summary:
          "Edit an article, its pictures too: a reporter's own pending or rejected one, or any as an admin (approve=true approves it too)",
        description: ARTICLE_MULTIPART,
        params: IdParam,
        querystring: z.object({ approve: z.enum(['true', 'false']).optional() }),
        response: { 200: ArticleSchema, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const { article, images } = await readArticleRequest(request, ArticleEditSchema, { maxFiles: MAX_FILES });
      return articles.update(currentUser(request), request.params.id, article, images, {
        approve: request.query.approve === 'true',
        ip: request.ip,
      });
    },
  );

  // The /reporter prefix is REPORTER only: an admin uses /api/admin/**.
  const reporter = { access: ['REPORTER'] as const };

  api.get(
    '/reporter/articles/approved',
    {
      config: reporter,
      schema: {
        tags,
        summary: 'My approved articles (title filter)',
        querystring: ApprovedListQuerySchema,
        response: { 200: ReporterApprovedPageSchema },
      },
    },
    async (request) => articles.listApproved(currentUser(request), request.query),
  );

  api.get(
    '/reporter/articles/pending-rejected',
    { config: reporter, schema: { tags, summary: 'My pending and rejected articles', response: { 200: ArticleListSchema } } },
    async (request) => articles.listPendingRejected(currentUser(request)),
  );

  api.get(
    '/reporter/articles/:id',
    { config: reporter, schema: { tags, summary: 'One of my articles', params: IdParam, response: { 200: ArticleSchema } } },
    async (request) => articles.getOwn(currentUser(request), request.params.id),
  );

  api.delete(
    '/reporter/articles/:id',
    {
      config: reporter,
      schema: {
        tags,
        summary: 'Delete one of my pending or rejected articles',
        params: IdParam,
        response: { 204: z.null(), 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await articles.deleteOwn(currentUser(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
}
