// The ~30-line adapter between Fastify and React Router's fetch-style request handler.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { Services } from '../services.ts';

export type AppServerBuild = ServerBuild & { entry: { module: { servicesContext: RouterContext<Services> } } };

export function createSsrHandler(build: AppServerBuild, services: Services) {
  // The build object is passed once: re-importing it per request costs a third of the throughput.
  const handle = createRequestHandler(build, services.config.env === 'development' ? 'development' : 'production');
  const { servicesContext } = build.entry.module;
  return async function ssr(request: FastifyRequest, reply: FastifyReply) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
    const controller = new AbortController();
    reply.raw.once('close', () => controller.abort());
    const url = `${request.protocol}://${request.host}${request.url}`;
    const context = new RouterContextProvider(new Map([[servicesContext, services]]));
    const response = await handle(new Request(url, { method: request.method, headers, signal: controller.signal }), context);
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return response.body ? reply.send(Readable.fromWeb(response.body as never)) : reply.send();
  };
}

export function registerSsr(app: FastifyInstance, build: AppServerBuild, services: Services) {
  const ssr = createSsrHandler(build, services);
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: ssr });
}
