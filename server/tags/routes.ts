// Topics: the public tag listing and the admin's rename and merge. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { currentUser } from '../http/guards.ts';
import { publicRead, setTotalCount, typed } from '../http/openapi.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import { ArticleListSchema } from '../../contract/articles.schema.ts';
import { PublicPageQuery } from '../articles/public-service.ts';
import { TAG_MESSAGES } from '../../contract/tags.ts';
import {
  AdminTagListSchema,
  TagActResultSchema,
  TagMergeSchema,
  TagRenameSchema,
  TagSlugParam,
} from '../../contract/tags.schema.ts';

const tags = ['tags'];
const access = ['ADMIN'] as const;
const actor = (request: FastifyRequest) => actorOf(request) ?? currentUser(request);

export async function tagsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const service = services.tags;
  const api = typed(app);

  publicRead(
    api,
    '/public/tags/:slug/articles',
    {
      tags,
      summary: "A tag's approved stories, newest first, 5 a page (X-Total-Count); unknown slug: 404",
      params: TagSlugParam,
      querystring: PublicPageQuery,
      response: ArticleListSchema,
    },
    async (request, reply) => {
      const { articles, total } = await service.bySlug(request.params.slug, request.query.page, request.query.size);
      setTotalCount(reply, total);
      return articles;
    },
  );

  api.get(
    '/admin/tags',
    {
      config: { access },
      schema: { tags, summary: 'Every tag with its number of stories', response: { 200: AdminTagListSchema } },
    },
    async () => service.list(),
  );

  api.put(
    '/admin/tags/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Rename a tag (its slug follows); a name another tag has: 409, merge instead',
        params: IdParam,
        body: TagRenameSchema,
        response: { 200: TagActResultSchema, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => ({
      message: TAG_MESSAGES.renamed,
      tag: await service.rename(request.params.id, request.body.name, actor(request)),
    }),
  );

  api.post(
    '/admin/tags/:id/merge',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Merge a tag into another: its stories get the other tag, and it is removed',
        params: IdParam,
        body: TagMergeSchema,
        response: { 200: TagActResultSchema, 404: ErrorBody },
      },
    },
    async (request) => ({
      message: TAG_MESSAGES.merged,
      tag: await service.merge(request.params.id, request.body.into, actor(request)),
    }),
  );
}
