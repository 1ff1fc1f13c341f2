// Live coverage: the admin's live switch, the updates' writes (admins and the story's reporter)
// and the readers' list, answered from memory with an ETag and a short max-age. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { etagOf, sendPublic } from '../http/cache.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { notFound } from '../http/errors.ts';
import { LIVE_MESSAGES, LIVE_ROUTES as routes, LiveUpdateListSchema } from '../../contract/live.ts';
import { REVIEW_MESSAGES } from '../../contract/review.ts';

/**
 * Readers poll the list every LIVE_POLL_SECONDS: a CDN may keep it 4 s and no longer (no stale
 * copy), so a new update reaches a reader within 10 s; the server answers a current copy with 304.
 * The `s-maxage` is said here, so the long one given to purged answers (server/cdn/http.ts) never
 * replaces it when a CDN is configured.
 */
export const LIVE_LIST_CACHE = 'public, max-age=4, s-maxage=4';

// The kept list is written out and hashed once, not once per polling reader.
const written = new WeakMap<object, { text: string; etag: string }>();
function jsonOf(list: z.infer<typeof LiveUpdateListSchema>) {
  let json = written.get(list);
  if (json === undefined) {
    const text = JSON.stringify(LiveUpdateListSchema.parse(list));
    written.set(list, (json = { text, etag: `W/${etagOf(text)}` }));
  }
  return json;
}

export async function liveRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { live } = services;

  serve(app, routes.start, async (request) => ({
    message: LIVE_MESSAGES.started,
    article: await live.start(request.params.id, actorOf(request)),
  }));
  serve(app, routes.end, async (request) => ({
    message: LIVE_MESSAGES.ended,
    article: await live.end(request.params.id, actorOf(request)),
  }));
  serve(app, routes.post, async (request) => live.post(currentUser(request), request.params.id, request.body, request.ip));
  serve(app, routes.edit, async (request) =>
    live.edit(currentUser(request), request.params.id, request.params.updateId, request.body, request.ip),
  );
  serve(app, routes.remove, async (request) => {
    await live.remove(currentUser(request), request.params.id, request.params.updateId, request.ip);
  });
  // Sent by this route itself: the list is written out once and kept a shorter time than other public reads.
  serve(app, routes.list, async (request, reply) => {
    const list = await live.publicList(request.params.id, request.query.before);
    if (!list) throw notFound(REVIEW_MESSAGES.notFound);
    const { text, etag } = jsonOf(list);
    // Every write of an update announces its story, so a CDN drops the list with the story's pages.
    cacheTags(reply, [tag.article(request.params.id)]);
    return sendPublic(request, reply, text, { cacheControl: LIVE_LIST_CACHE, etag });
  });
}
