// Registers an API route from its declaration in contract/ (contract/route.ts): method, path,
// schemas, access and cache policy come from the table; a route file adds only the handler. The
// handler returns the success body; the status the route declares is set here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiRoute } from '../../contract/route.ts';
import { NoContent, NotModified } from '../../contract/http.ts';
import { sendPublic } from './cache.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The request a handler gets: params, query and body typed by the route's schemas. */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Out<R['params']>;
  Querystring: Out<R['query']>;
  Body: Out<R['body']>;
}>;

/** What a handler returns: the success body (nothing for a 204), or the reply it has sent itself. */
type Answer<R extends ApiRoute> = (R['status'] extends 204 ? void | null : z.input<R['response']>) | FastifyReply;

export type RouteHandler<R extends ApiRoute> = (request: RouteRequest<R>, reply: FastifyReply) => Promise<Answer<R>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration of this route (tests compare the table with what is registered). */
    apiRoute?: ApiRoute;
  }
}

/** Registers `route` (under the /api prefix of the plugin it is called in) with `handler`. */
export function serve<R extends ApiRoute>(app: FastifyInstance, route: R, handler: RouteHandler<R>) {
  const status = route.status ?? 200;
  const response: Record<number, z.ZodType> = { [status]: status === 204 ? NoContent : route.response };
  if (route.cache === 'public-read') response[304] = NotModified;
  for (const [code, schema] of Object.entries(route.errors ?? {})) if (schema) response[Number(code)] = schema;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    config: { access: route.access, duringTotpSetup: route.duringTotpSetup, apiRoute: route },
    // Only the parts the route has: Fastify warns of a schema key that is there but undefined.
    schema: Object.fromEntries(
      Object.entries({
        tags: [...route.tags],
        summary: route.summary,
        description: route.description,
        params: route.params,
        querystring: route.query,
        body: route.body,
        response,
      }).filter(([, value]) => value !== undefined),
    ),
    handler: async (request, reply) => {
      const answer = await handler(request as RouteRequest<R>, reply);
      if (answer === reply || reply.sent) return reply;
      if (route.cache === 'public-read') return sendPublic(request, reply, answer);
      return reply.status(status).send(status === 204 ? null : answer);
    },
  });
}
