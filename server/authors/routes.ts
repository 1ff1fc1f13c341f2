// Author pages: the public author (GET /api/public/authors/{username}) and the reporter's own
// profile on the account page (GET/PUT /api/me/profile). Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { parseOr400 } from '../http/errors.ts';
import { publicRead, setTotalCount, typed } from '../http/openapi.ts';
import { readMultipart } from '../media/multipart.ts';
import { ErrorBody, pageQuery } from '../../contract/http.ts';
import {
  AUTHOR_PAGE_SIZE,
  AuthorSchema,
  ProfileInputSchema,
  ProfileSchema,
  UsernameParam,
  type ProfileInput,
} from '../../contract/authors.ts';
import type { IncomingFile } from '../media/images.ts';

const tags = ['authors'];
const staff = ['REPORTER', 'ADMIN'] as const;
const AuthorPageQuery = pageQuery({ size: AUTHOR_PAGE_SIZE, maxSize: 50 });

async function readProfile(request: FastifyRequest): Promise<{ input: ProfileInput; files: IncomingFile[] }> {
  if (!request.isMultipart()) return { input: parseOr400(ProfileInputSchema, request.body ?? {}), files: [] };
  const { fields, files } = await readMultipart(request, { maxFiles: 1 });
  return { input: parseOr400(ProfileInputSchema, fields), files: files.filter((f) => f.fieldname === 'photo') };
}

export async function authorsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { authors } = services;
  const api = typed(app);

  publicRead(
    api,
    '/public/authors/:username',
    {
      tags,
      summary: "A reporter's public page: display name, bio, photo and approved stories, newest first (X-Total-Count)",
      description: 'Unknown username, or an account that is not a reporter: 404.',
      params: UsernameParam,
      querystring: AuthorPageQuery,
      response: AuthorSchema,
    },
    async (request, reply) => {
      const { id: _id, ...author } = await authors.page(request.params.username, request.query.page, request.query.size);
      setTotalCount(reply, author.total);
      return author;
    },
  );

  api.get(
    '/me/profile',
    {
      config: { access: staff },
      schema: { tags, summary: 'The own author profile (display name, bio, photo)', response: { 200: ProfileSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return authors.profile(currentUser(request));
    },
  );

  api.put(
    '/me/profile',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Set the own display name, bio and photo',
        description:
          'JSON `{ displayName, bio, removePhoto }`, or multipart/form-data with those fields and a `photo` file ' +
          '(JPG, PNG, WEBP; 2 MB; through the image pipeline). Blank text clears a field.',
        response: { 200: ProfileSchema, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const { input, files } = await readProfile(request);
      return authors.updateProfile(currentUser(request), input, files);
    },
  );
}
