// About Us: public read (204 when none), the admin's read, create and update (declared in
// contract/about.ts). Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { actorOf } from '../audit/service.ts';
import { PUBLIC_API_CACHE } from '../http/cache.ts';
import { readMultipart } from '../media/multipart.ts';
import { ABOUT_MESSAGES, ABOUT_ROUTES as routes, MAX_ABOUT_IMAGES } from '../../contract/about.ts';
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

  serve(app, routes.publicRead, async (_request, reply) => {
    const page = await about.get();
    cacheTags(reply, [tag.about]);
    return page ?? reply.header('cache-control', PUBLIC_API_CACHE).status(204).send(null);
  });
  serve(app, routes.adminRead, async () => about.get());
  serve(app, routes.create, async (request) => ({
    message: ABOUT_MESSAGES.saved,
    ...(await about.create(await readAboutRequest(request), actorOf(request))),
  }));
  serve(app, routes.update, async (request) => ({
    message: ABOUT_MESSAGES.saved,
    ...(await about.update(await readAboutRequest(request), actorOf(request))),
  }));
  serve(app, routes.revisions, async () => about.revisions.list());
  serve(app, routes.revision, async (request) => about.revisions.one(request.params.revId));
  serve(app, routes.restore, async (request) => {
    await about.revisions.restore(request.params.revId, actorOf(request));
    return { message: ABOUT_MESSAGES.restored, ...(await about.get())! };
  });
}
