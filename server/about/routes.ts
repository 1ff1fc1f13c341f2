// About Us: public read (204 when none) and the admin's create/update. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { typed } from '../http/openapi.ts';
import { ErrorBody } from '../../contract/http.ts';
import { actorOf } from '../audit/service.ts';
import { PUBLIC_API_CACHE, sendPublic } from '../http/cache.ts';
import { readMultipart } from '../media/multipart.ts';
import { ABOUT_MESSAGES, AboutSavedSchema, AboutUsSchema, MAX_ABOUT_IMAGES } from '../../contract/about.ts';
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

const tags = ['about'];
const multipartNote =
  'multipart/form-data: `content` (HTML, sanitised), `keepImageUrls` (JSON array of the current image URLs to keep, in order) ' +
  'and new `images` files (up to 4 images in all; JPG, PNG, WEBP; 2 MB each). A JSON body may change the text and kept images only.';

export async function aboutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { about } = services;
  const api = typed(app);

  api.get(
    '/public/about',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The About Us page (204 when none exists yet)',
        response: { 200: AboutUsSchema, 204: z.null(), 304: z.null() },
      },
    },
    async (request, reply) => {
      const page = await about.get();
      if (!page) return reply.header('cache-control', PUBLIC_API_CACHE).status(204).send(null);
      return sendPublic(request, reply, page);
    },
  );

  api.post(
    '/admin/about',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Create the About Us page (once)',
        description: multipartNote,
        response: { 201: AboutSavedSchema, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const page = await about.create(await readAboutRequest(request), actorOf(request));
      return reply.status(201).send({ message: ABOUT_MESSAGES.saved, ...page });
    },
  );

  api.put(
    '/admin/about',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Update the About Us page',
        description: multipartNote,
        response: { 200: AboutSavedSchema, 404: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const page = await about.update(await readAboutRequest(request), actorOf(request));
      return { message: ABOUT_MESSAGES.saved, ...page };
    },
  );
}
