// Drafts over HTTP (declared in contract/reporter.ts). Rules in ./drafts.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { readArticleRequest } from './routes.ts';
import { serve } from '../http/contract.ts';
import { DRAFT_ROUTES } from '../../contract/reporter.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { DraftSaveSchema } from '../../contract/drafts.ts';

export async function draftsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { drafts } = services;
  // One more file than allowed is read so the count rule answers with its own message.
  const maxFiles = MAX_ARTICLE_IMAGES + 2;
  const read = (request: FastifyRequest, empty?: string) => readArticleRequest(request, DraftSaveSchema, { maxFiles, empty });

  serve(app, DRAFT_ROUTES.create, async (request) => {
    // A draft may start empty.
    const { article, images } = await read(request, '{}');
    return drafts.create(currentUser(request), article, images);
  });

  serve(app, DRAFT_ROUTES.save, async (request) => {
    const { article, images } = await read(request);
    return drafts.save(currentUser(request), request.params.id, article, images);
  });

  serve(app, DRAFT_ROUTES.submit, async (request) => {
    // An empty body submits the draft as stored.
    const body = request.isMultipart() || request.body ? await read(request) : undefined;
    return drafts.submit(currentUser(request), request.params.id, body?.article, body?.images ?? []);
  });

  serve(app, DRAFT_ROUTES.list, async (request) => drafts.listOwn(currentUser(request)));
  serve(app, DRAFT_ROUTES.get, async (request) => drafts.getOwn(currentUser(request), request.params.id));
  serve(app, DRAFT_ROUTES.remove, async (request) => {
    await drafts.remove(currentUser(request), request.params.id);
  });
}
