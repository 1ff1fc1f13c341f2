// Articles: the reporter's API and the shared edit PUT /api/articles/{id}. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { readMultipart } from '../media/multipart.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { ApprovedListQuerySchema } from '../../contract/article-form.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import { ArticleListSchema, ArticleSchema, ReporterApprovedPageSchema } from '../../contract/articles.schema.ts';

const tags = ['articles (reporter)'];

/**
 * The `article` part: a text field, or a JSON blob sent as a file part by some clients. The part's
 * JSON is parsed by the service, with the create or edit rules as the case may be.
 */
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

/** What the multipart article requests carry, for the reference. */
export const ARTICLE_MULTIPART =
  'multipart/form-data: an `article` part (JSON: title, author, content, region, categoryIds, youtubeVideoId) and, ' +
  'on create, 1 to 4 `images` files (JPG, PNG, WEBP; 2 MB each; the first is the cover). JSON clients may send the article object as the body.';

export async function articlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const articles = services.articles;
  const api = typed(app);

  // One more file than allowed is read so the count rule answers with its own message.
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
      const { article, images } = await readArticleRequest(request, MAX_ARTICLE_IMAGES + 2);
      return reply.status(201).send(await articles.create(currentUser(request), article, images));
    },
  );

  api.put(
    '/articles/:id',
    {
      config: { access: ['REPORTER', 'ADMIN'] },
      schema: {
        tags,
        summary: "Edit an article: a reporter's own pending or rejected one, or any as an admin (approve=true approves it too)",
        description: ARTICLE_MULTIPART,
        params: IdParam,
        querystring: z.object({ approve: z.enum(['true', 'false']).optional() }),
        response: { 200: ArticleSchema, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const { article } = await readArticleRequest(request, 1);
      return articles.update(currentUser(request), request.params.id, article, {
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
