// Advertisements: the public rotation list and the admin's Ad Management API (declared in
// contract/ads.ts). Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { badRequest } from '../http/errors.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { readMultipart } from '../media/multipart.ts';
import { AD_MESSAGES, AD_ROUTES as routes, MAX_ADS_PER_UPLOAD } from '../../contract/ads.ts';

export async function adsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { ads } = services;

  // Ads change only site-wide (an edit, or a start or end announced on time).
  serve(app, routes.publicList, async (_request, reply) => {
    cacheTags(reply, [tag.ads]);
    return ads.listPublic();
  });
  serve(app, routes.adminList, async () => ads.listAdmin());

  serve(app, routes.upload, async (request) => {
    if (!request.isMultipart()) throw badRequest(AD_MESSAGES.noneSelected);
    // Files after the fifth are read and dropped by the reader; the answer says how many.
    const { fields, files, droppedFiles } = await readMultipart(request, { maxFiles: MAX_ADS_PER_UPLOAD });
    const images = files.filter((f) => f.fieldname === 'images');
    const result = await ads.upload(images, fields.adDetails, droppedFiles, actorOf(request));
    return {
      message: AD_MESSAGES.uploaded,
      ...result,
      ...(result.dropped ? { notice: AD_MESSAGES.dropped(result.dropped) } : {}),
    };
  });

  serve(app, routes.update, async (request) => ads.update(request.params.id, request.body, actorOf(request)));

  serve(app, routes.remove, async (request) => {
    await ads.remove(request.params.id, actorOf(request));
    return { message: AD_MESSAGES.deleted };
  });
}
