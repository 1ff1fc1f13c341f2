// Author pages: the public author (GET /api/public/authors/{username}) and the reporter's own
// profile on the account page (GET/PUT /api/me/profile), declared in contract/authors.ts. Rules in
// ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { actorOf } from '../audit/service.ts';
import { parseOr400 } from '../http/errors.ts';
import { setTotalCount } from '../http/openapi.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { readMultipart } from '../media/multipart.ts';
import { AUTHOR_ROUTES, PROFILE_ROUTES, ProfileInputSchema, type ProfileInput } from '../../contract/authors.ts';
import type { IncomingFile } from '../media/images.ts';

async function readProfile(request: FastifyRequest): Promise<{ input: ProfileInput; files: IncomingFile[] }> {
  if (!request.isMultipart()) return { input: parseOr400(ProfileInputSchema, request.body ?? {}), files: [] };
  const { fields, files } = await readMultipart(request, { maxFiles: 1 });
  return { input: parseOr400(ProfileInputSchema, fields), files: files.filter((f) => f.fieldname === 'photo') };
}

export async function authorsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { authors } = services;

  serve(app, AUTHOR_ROUTES.page, async (request, reply) => {
    const { id: _id, ...author } = await authors.page(request.params.username, request.query.page, request.query.size);
    // As the author page: any story may move the reporter's list.
    cacheTags(reply, [tag.anyArticle]);
    setTotalCount(reply, author.total);
    return author;
  });

  serve(app, PROFILE_ROUTES.get, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return authors.profile(currentUser(request));
  });

  serve(app, PROFILE_ROUTES.update, async (request) => {
    const { input, files } = await readProfile(request);
    return authors.updateProfile(currentUser(request), input, files, actorOf(request));
  });
}
