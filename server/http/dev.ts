// Development: Vite serves modules and hot updates; every page is rendered from the live sources.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { createSsrHandler, type AppServerBuild } from './ssr.ts';

export async function registerDevSsr(app: FastifyInstance, services: Services) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  app.addHook('onClose', async () => vite.close());
  // Vite answers what it knows (modules, /@vite/client, assets); the rest continues to Fastify.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/media/')) return done();
    vite.middlewares(request.raw, reply.raw, () => done());
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    async handler(request, reply) {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as unknown as AppServerBuild;
      return createSsrHandler(build, services)(request, reply);
    },
  });
}
