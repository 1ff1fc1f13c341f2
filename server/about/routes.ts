// About Us: public read (204 when none) and admin create/update (SPEC.md §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { PUBLIC_API_CACHE, sendPublic } from '../http/cache.ts';
import { readMultipart } from '../media/multipart.ts';
import { ABOUT_MESSAGES, MAX_ABOUT_IMAGES } from '../../contract/about.ts';
import type { AboutInput } from './service.ts';

async function readAboutRequest(request: FastifyRequest): Promise<AboutInput> {
  if (!request.isMultipart()) {
    // A JSON body can change the text (and the kept images) without uploading anything.
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { content: body.content, keepImageUrls: body.keepImageUrls, files: [] };
  }
  // One file more than allowed is read so the count rule answers with its own message.
  const { fields, files } = await readMultipart(request, { maxFiles: MAX_ABOUT_IMAGES + 1 });
  return { content: fields.content, keepImageUrls: fields.keepImageUrls, files: files.filter((f) => f.fieldname === 'images') };
}

export async function aboutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { about } = services;
  const admin = { preHandler: requireRole('ADMIN') };

  app.get('/public/about', async (request, reply) => {
    const page = await about.get();
    // SPEC.md §4: 204 means none exists yet.
    if (!page) return reply.header('cache-control', PUBLIC_API_CACHE).status(204).send();
    return sendPublic(request, reply, page);
  });

  app.post('/admin/about', admin, async (request, reply) => {
    const page = await about.create(await readAboutRequest(request), actorOf(request));
    return reply.status(201).send({ message: ABOUT_MESSAGES.saved, ...page });
  });
  app.put('/admin/about', admin, async (request) => {
    const page = await about.update(await readAboutRequest(request), actorOf(request));
    return { message: ABOUT_MESSAGES.saved, ...page };
  });
}
