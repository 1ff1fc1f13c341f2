// Live coverage: the admin's live switch, the updates' writes (admins and the story's reporter)
// and the readers' list, answered from memory with an ETag and a short max-age. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { sendPublic } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import { ErrorBody, IdParam, NoContent, NotModified, PathId } from '../../contract/http.ts';
import { ReviewResultSchema } from '../../contract/articles.schema.ts';
import { LIVE_MESSAGES, LiveUpdateBodySchema, LiveUpdateListSchema, LiveUpdateSchema } from '../../contract/live.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';

const tags = ['live coverage'];
const conflict = { 409: ErrorBody };
const UpdateParams = z.object({ id: PathId, updateId: PathId });
/**
 * Readers poll the list every LIVE_POLL_SECONDS: a CDN may keep it 4 s and no longer (no stale
 * copy), so a new update reaches a reader within 10 s; the server answers a current copy with 304.
 */
export const LIVE_LIST_CACHE = 'public, max-age=4';

// The kept list is written out once, not once per polling reader.
const written = new WeakMap<object, string>();
function jsonOf(list: z.infer<typeof LiveUpdateListSchema>) {
  let text = written.get(list);
  if (text === undefined) written.set(list, (text = JSON.stringify(LiveUpdateListSchema.parse(list))));
  return text;
}

export async function liveRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { live } = services;
  const api = typed(app);

  api.put(
    '/admin/articles/:id/live',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: "Make an approved story live ('లైవ్')",
        params: IdParam,
        response: { 200: ReviewResultSchema, ...conflict },
      },
    },
    async (request) => ({ message: LIVE_MESSAGES.started, article: await live.start(request.params.id, actorOf(request)) }),
  );

  api.delete(
    '/admin/articles/:id/live',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'End live coverage (the updates stay)',
        params: IdParam,
        response: { 200: ReviewResultSchema, ...conflict },
      },
    },
    async (request) => ({ message: LIVE_MESSAGES.ended, article: await live.end(request.params.id, actorOf(request)) }),
  );

  api.post(
    '/articles/:id/live-updates',
    {
      config: { access: ['REPORTER', 'ADMIN'] },
      schema: {
        tags,
        summary: "Post an update on a live story (an admin, or the story's reporter); the HTML is sanitised like a body",
        params: IdParam,
        body: LiveUpdateBodySchema,
        response: { 201: LiveUpdateSchema, ...conflict },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await live.post(currentUser(request), request.params.id, request.body, request.ip)),
  );

  api.put(
    '/articles/:id/live-updates/:updateId',
    {
      config: { access: ['REPORTER', 'ADMIN'] },
      schema: {
        tags,
        summary: 'Edit an update of a public story',
        params: UpdateParams,
        body: LiveUpdateBodySchema,
        response: { 200: LiveUpdateSchema, ...conflict },
      },
    },
    async (request) => live.edit(currentUser(request), request.params.id, request.params.updateId, request.body, request.ip),
  );

  api.delete(
    '/articles/:id/live-updates/:updateId',
    {
      config: { access: ['REPORTER', 'ADMIN'] },
      schema: {
        tags,
        summary: 'Delete an update of a public story',
        params: UpdateParams,
        response: { 204: NoContent, ...conflict },
      },
    },
    async (request, reply) => {
      await live.remove(currentUser(request), request.params.id, request.params.updateId, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/public/articles/:id/live-updates',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A public story's live updates, newest first, and whether it is live (ETag; poll with If-None-Match)",
        params: IdParam,
        response: { 200: LiveUpdateListSchema, 304: NotModified },
      },
    },
    async (request, reply) => {
      const list = await live.publicList(request.params.id);
      if (!list) throw notFound(REVIEW_MESSAGES.notFound);
      return sendPublic(request, reply, jsonOf(list), { cacheControl: LIVE_LIST_CACHE });
    },
  );
}
