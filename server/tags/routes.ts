// Topics: the public tag listing and the admin's rename and merge (declared in contract/tag-routes.ts).
// Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { currentUser } from '../http/guards.ts';
import { setTotalCount } from '../http/openapi.ts';
import { serve } from '../http/contract.ts';
import { cacheTags, tag } from '../cdn/tags.ts';
import { TAG_MESSAGES } from '../../contract/tags.ts';
import { TAG_ROUTES as routes } from '../../contract/tag-routes.ts';

const actor = (request: FastifyRequest) => actorOf(request) ?? currentUser(request);

export async function tagsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const service = services.tags;

  serve(app, routes.publicArticles, async (request, reply) => {
    const { articles, total } = await service.bySlug(request.params.slug, request.query.page, request.query.size);
    // As the tag page: any story may gain or lose the tag.
    cacheTags(reply, [tag.anyArticle]);
    setTotalCount(reply, total);
    return articles;
  });
  serve(app, routes.adminList, async () => service.list());
  serve(app, routes.rename, async (request) => ({
    message: TAG_MESSAGES.renamed,
    tag: await service.rename(request.params.id, request.body.name, actor(request)),
  }));
  serve(app, routes.merge, async (request) => ({
    message: TAG_MESSAGES.merged,
    tag: await service.merge(request.params.id, request.body.into, actor(request)),
  }));
}
