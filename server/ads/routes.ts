// Advertisements: the public rotation list and the admin's Ad Management API. Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { badRequest } from '../http/errors.ts';
import { publicRead, typed } from '../http/openapi.ts';
import { readMultipart } from '../media/multipart.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import { AD_MESSAGES, AdSchema, AdUploadResultSchema, MAX_ADS_PER_UPLOAD, MessageSchema } from '../../contract/ads.ts';

const tags = ['ads'];
const AdList = z.array(AdSchema);

export async function adsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { ads } = services;
  const api = typed(app);

  publicRead(api, '/public/ads', { tags, summary: 'Ads in rotation order', response: AdList }, () => ads.listPublic());

  api.get(
    '/admin/ads',
    { config: { access: ['ADMIN'] }, schema: { tags, summary: 'Every ad, for the admin', response: { 200: AdList } } },
    async () => ads.listAdmin(),
  );

  api.post(
    '/admin/ads',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags,
        summary: 'Upload up to 5 ads',
        description:
          'multipart/form-data: repeated `images` files (JPG, PNG, WEBP, GIF; 2 MB each) and `adDetails`, a JSON array of ' +
          '`{ durationInSeconds, link }` in the same order. Files past the fifth are dropped and counted in `dropped`.',
        response: { 201: AdUploadResultSchema, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(AD_MESSAGES.noneSelected);
      // Files after the fifth are read and dropped by the reader; the answer says how many.
      const { fields, files, droppedFiles } = await readMultipart(request, { maxFiles: MAX_ADS_PER_UPLOAD });
      const images = files.filter((f) => f.fieldname === 'images');
      const result = await ads.upload(images, fields.adDetails, droppedFiles, actorOf(request));
      return reply.status(201).send({
        message: AD_MESSAGES.uploaded,
        ...result,
        ...(result.dropped ? { notice: AD_MESSAGES.dropped(result.dropped) } : {}),
      });
    },
  );

  api.delete(
    '/admin/ads/:id',
    {
      config: { access: ['ADMIN'] },
      schema: { tags, summary: 'Delete an ad', params: IdParam, response: { 200: MessageSchema } },
    },
    async (request) => {
      await ads.remove(request.params.id, actorOf(request));
      return { message: AD_MESSAGES.deleted };
    },
  );
}
