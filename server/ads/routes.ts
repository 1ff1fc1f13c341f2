// Advertisements: public rotation list and the admin Ad Management API (SPEC.md §7).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { badRequest } from '../http/errors.ts';
import { sendPublic } from '../http/cache.ts';
import { readMultipart } from '../media/multipart.ts';
import { idParam } from '../categories/routes.ts';
import { AD_MESSAGES, MAX_ADS_PER_UPLOAD } from '../../contract/ads.ts';

export async function adsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { ads } = services;
  const admin = { preHandler: requireRole('ADMIN') };

  app.get('/public/ads', async (request, reply) => sendPublic(request, reply, await ads.listPublic()));

  app.get('/admin/ads', admin, async () => ads.listAdmin());

  app.post('/admin/ads', admin, async (request, reply) => {
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
  });

  app.delete('/admin/ads/:id', admin, async (request) => {
    await ads.remove(idParam(request.params, AD_MESSAGES.notFound), actorOf(request));
    return { message: AD_MESSAGES.deleted };
  });
}
