// Drafts (declared in contract/reporter.ts) and revision history over HTTP. Rules in ./drafts.ts
// and ./revisions.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { readArticleRequest } from './routes.ts';
import { serve } from '../http/contract.ts';
import { DRAFT_ROUTES } from '../../contract/reporter.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { DraftSaveSchema } from '../../contract/drafts.ts';
import { ErrorBody, IdParam, PathId } from '../../contract/http.ts';
import {
  ChangesSinceRejectionSchema,
  ReviewResultSchema,
  RevisionSchema,
  RevisionSummarySchema,
} from '../../contract/articles.schema.ts';

const RevisionParams = z.object({ id: PathId, revId: PathId });
const tags = ['drafts and revisions'];
const authorOrAdmin = { access: ['REPORTER', 'ADMIN'] as const };
const adminOnly = { access: ['ADMIN'] as const };

export async function draftsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { drafts, revisions } = services;
  const api = typed(app);
  // One more file than allowed is read so the count rule answers with its own message.
  const maxFiles = MAX_ARTICLE_IMAGES + 2;
  const read = (request: FastifyRequest, empty?: string) => readArticleRequest(request, DraftSaveSchema, { maxFiles, empty });

  serve(app, DRAFT_ROUTES.create, async (request) => {
    // A draft may start empty.
    const { article, images } = await read(request, '{}');
    return drafts.create(currentUser(request), article, images);
  });

  serve(app, DRAFT_ROUTES.save, async (request) => {
    const { article, images } = await read(request);
    return drafts.save(currentUser(request), request.params.id, article, images);
  });

  serve(app, DRAFT_ROUTES.submit, async (request) => {
    // An empty body submits the draft as stored.
    const body = request.isMultipart() || request.body ? await read(request) : undefined;
    return drafts.submit(currentUser(request), request.params.id, body?.article, body?.images ?? []);
  });

  serve(app, DRAFT_ROUTES.list, async (request) => drafts.listOwn(currentUser(request)));
  serve(app, DRAFT_ROUTES.get, async (request) => drafts.getOwn(currentUser(request), request.params.id));
  serve(app, DRAFT_ROUTES.remove, async (request) => {
    await drafts.remove(currentUser(request), request.params.id);
  });

  api.get(
    '/articles/:id/revisions',
    {
      config: authorOrAdmin,
      schema: {
        tags,
        summary: "An article's revisions, newest first (its reporter or an admin)",
        params: IdParam,
        response: { 200: z.array(RevisionSummarySchema) },
      },
    },
    async (request) => revisions.list(currentUser(request), request.params.id),
  );

  api.get(
    '/articles/:id/revisions/:revId',
    {
      config: authorOrAdmin,
      schema: { tags, summary: 'One revision in full', params: RevisionParams, response: { 200: RevisionSchema } },
    },
    async (request) => revisions.get(currentUser(request), request.params.id, request.params.revId),
  );

  api.get(
    '/admin/articles/:id/changes-since-rejection',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'What a resubmitted article changed since it was rejected (null when nothing to compare)',
        params: IdParam,
        response: { 200: ChangesSinceRejectionSchema },
      },
    },
    async (request) => ({ changes: await revisions.sinceRejection(currentUser(request), request.params.id) }),
  );

  api.post(
    '/admin/articles/:id/revisions/:revId/restore',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Make an earlier revision the current text (recorded as a new revision)',
        params: RevisionParams,
        response: { 200: ReviewResultSchema, 409: ErrorBody },
      },
    },
    async (request) => revisions.restore(currentUser(request), request.params.id, request.params.revId, request.ip),
  );
}
