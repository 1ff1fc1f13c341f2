// Saved stories of the signed-in reader (any role). Rules in ./service.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { ErrorBody, NoContent, PathId } from '../../contract/http.ts';
import { SavedPageSchema, SavedQuery, SavedStateSchema } from '../../contract/saved.ts';
import { ROLES } from '../../contract/roles.ts';

const tags = ['saved stories'];
const access = ROLES;
const ArticleIdParam = z.object({ articleId: PathId });

export async function savedRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { saved } = services;
  const api = typed(app);

  api.get(
    '/me/saved',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The own saved stories, newest saved first (public stories only)',
        querystring: SavedQuery,
        response: { 200: SavedPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return saved.list(currentUser(request), request.query.page, request.query.size);
    },
  );

  api.get(
    '/me/saved/:articleId',
    {
      config: { access },
      schema: { tags, summary: 'Whether a story is saved', params: ArticleIdParam, response: { 200: SavedStateSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return saved.state(currentUser(request), request.params.articleId);
    },
  );

  api.post(
    '/me/saved/:articleId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Save a public story (201; 200 when already saved; 404 when not public)',
        params: ArticleIdParam,
        response: { 200: SavedStateSchema, 201: SavedStateSchema, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { created, state } = await saved.save(currentUser(request), request.params.articleId);
      return reply.status(created ? 201 : 200).send(state);
    },
  );

  api.delete(
    '/me/saved/:articleId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Unsave a story (204, also when it was not saved)',
        params: ArticleIdParam,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await saved.unsave(currentUser(request), request.params.articleId);
      return reply.status(204).send(null);
    },
  );
}
