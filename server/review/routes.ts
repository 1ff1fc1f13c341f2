// The admin's article review, scheduling and breaking news. Each act passes the caller and the
// client address to the audit trail. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { typed } from '../http/openapi.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import { ApprovedQuerySchema, BreakingSchema, PublishAtSchema, RejectSchema } from '../../contract/review.ts';
import {
  ApprovedPageSchema,
  ArticleListSchema,
  ArticleListItemSchema,
  ArticleSchema,
  ReviewResultSchema,
} from '../../contract/articles.schema.ts';

const tags = ['review'];
const access = ['ADMIN'] as const;
const conflict = { 409: ErrorBody };

export async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { review } = services;
  const api = typed(app);

  // Static paths win over /admin/articles/:id in Fastify's router, whatever the order here.
  api.get(
    '/admin/articles/pending',
    {
      config: { access },
      schema: { tags, summary: 'The review queue, oldest first (no bodies)', response: { 200: z.array(ArticleListItemSchema) } },
    },
    async () => review.listPending(),
  );

  api.get(
    '/admin/articles/approved',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Approved articles with their views (title filter, newest or most read first)',
        querystring: ApprovedQuerySchema,
        response: { 200: ApprovedPageSchema },
      },
    },
    async (request) => review.listApproved(request.query),
  );

  api.get(
    '/admin/articles/scheduled',
    {
      config: { access },
      schema: { tags, summary: 'Articles approved for a time still ahead', response: { 200: ArticleListSchema } },
    },
    async () => review.listScheduled(),
  );

  api.get(
    '/admin/articles/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One article of any status, with its rejection reason',
        params: IdParam,
        response: { 200: ArticleSchema },
      },
    },
    async (request) => review.get(request.params.id),
  );

  api.put(
    '/admin/articles/approve/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Approve now, or schedule with publishAt (ISO 8601 with a zone)',
        params: IdParam,
        querystring: z.object({ publishAt: PublishAtSchema }),
        response: { 200: ReviewResultSchema, ...conflict },
      },
    },
    async (request) => review.approve(request.params.id, request.query, actorOf(request)),
  );

  api.put(
    '/admin/articles/unschedule/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Take a scheduled article back to pending',
        params: IdParam,
        response: { 200: ReviewResultSchema, ...conflict },
      },
    },
    async (request) => review.unschedule(request.params.id, actorOf(request)),
  );

  api.put(
    '/admin/articles/reject/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Reject, with an optional reason the reporter sees',
        params: IdParam,
        body: RejectSchema,
        response: { 200: ReviewResultSchema, ...conflict },
      },
    },
    async (request) => review.reject(request.params.id, request.body, actorOf(request)),
  );

  api.put(
    '/admin/articles/breaking/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Mark an approved article breaking news for 1 to 24 hours',
        params: IdParam,
        // A missing body is a missing `hours`, answered with the rule's own message.
        body: z.preprocess((body) => body ?? {}, BreakingSchema),
        response: { 200: ReviewResultSchema, ...conflict },
      },
    },
    async (request) => review.markBreaking(request.params.id, request.body, actorOf(request)),
  );

  api.delete(
    '/admin/articles/breaking/:id',
    {
      config: { access },
      schema: { tags, summary: 'End breaking news now', params: IdParam, response: { 200: ReviewResultSchema, ...conflict } },
    },
    async (request) => review.clearBreaking(request.params.id, actorOf(request)),
  );

  api.delete(
    '/admin/articles/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete an article (any status)',
        params: IdParam,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => review.remove(request.params.id, actorOf(request)),
  );
}
