// Drafts and revision history over HTTP. Rules in ./drafts.ts and ./revisions.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { ARTICLE_MULTIPART, readArticleRequest } from './routes.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { DraftSaveSchema } from '../../contract/drafts.ts';
import { ErrorBody, IdParam, PathId } from '../../contract/http.ts';
import {
  ArticleSchema,
  ChangesSinceRejectionSchema,
  DraftSchema,
  ReviewResultSchema,
  RevisionSchema,
  RevisionSummarySchema,
} from '../../contract/articles.schema.ts';

const RevisionParams = z.object({ id: PathId, revId: PathId });
const tags = ['drafts and revisions'];
const reporterOnly = { access: ['REPORTER'] as const };
const authorOrAdmin = { access: ['REPORTER', 'ADMIN'] as const };
const adminOnly = { access: ['ADMIN'] as const };
/** A stale save answers 409 with the newer draft (`version`, `draft`): nothing is overwritten. */
const staleSave = { 409: ErrorBody };

export async function draftsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { drafts, revisions } = services;
  const api = typed(app);
  // One more file than allowed is read so the count rule answers with its own message.
  const maxFiles = MAX_ARTICLE_IMAGES + 2;
  const read = (request: FastifyRequest, empty?: string) => readArticleRequest(request, DraftSaveSchema, { maxFiles, empty });
  const description = `${ARTICLE_MULTIPART} A draft may lack any field; \`version\` is the version last read.`;

  api.post(
    '/articles/drafts',
    {
      config: reporterOnly,
      schema: { tags, summary: 'Start a draft', description, response: { 201: DraftSchema, 413: ErrorBody } },
    },
    async (request, reply) => {
      // A draft may start empty.
      const { article, images } = await read(request, '{}');
      return reply.status(201).send(await drafts.create(currentUser(request), article, images));
    },
  );

  api.put(
    '/articles/drafts/:id',
    {
      config: reporterOnly,
      schema: {
        tags,
        summary: 'Save a draft',
        description,
        params: IdParam,
        response: { 200: DraftSchema, ...staleSave, 413: ErrorBody },
      },
    },
    async (request) => {
      const { article, images } = await read(request);
      return drafts.save(currentUser(request), request.params.id, article, images);
    },
  );

  api.post(
    '/articles/drafts/:id/submit',
    {
      config: reporterOnly,
      schema: {
        tags,
        summary: 'Submit a draft for review (an empty body submits it as stored)',
        description,
        params: IdParam,
        response: { 200: ArticleSchema, ...staleSave, 413: ErrorBody },
      },
    },
    async (request) => {
      // An empty body submits the draft as stored.
      const body = request.isMultipart() || request.body ? await read(request) : undefined;
      return drafts.submit(currentUser(request), request.params.id, body?.article, body?.images ?? []);
    },
  );

  api.get(
    '/reporter/articles/drafts',
    { config: reporterOnly, schema: { tags, summary: 'My drafts, newest first', response: { 200: z.array(DraftSchema) } } },
    async (request) => drafts.listOwn(currentUser(request)),
  );

  api.get(
    '/reporter/articles/drafts/:id',
    { config: reporterOnly, schema: { tags, summary: 'One of my drafts', params: IdParam, response: { 200: DraftSchema } } },
    async (request) => drafts.getOwn(currentUser(request), request.params.id),
  );

  api.delete(
    '/reporter/articles/drafts/:id',
    { config: reporterOnly, schema: { tags, summary: 'Delete one of my drafts', params: IdParam, response: { 204: z.null() } } },
    async (request, reply) => {
      await drafts.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
