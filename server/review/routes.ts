// The admin's article review, scheduling and breaking news (declared in contract/review.ts). Each
// act passes the caller and the client address to the audit trail. Rules in ./service.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { actorOf } from '../audit/service.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { readMultipart } from '../media/multipart.ts';
import { badRequest, parseOr400 } from '../http/errors.ts';
import { MAX_ARTICLE_IMAGES } from '../../contract/articles.ts';
import { ARTICLE_MESSAGES, ArticleEditSchema } from '../../contract/article-form.ts';
import { REVIEW_MESSAGES, REVIEW_ROUTES as routes } from '../../contract/review.ts';

/** The edit of Edit & Approve: the `article` part (JSON text) and the new `images`, as PUT /articles/{id} takes them. */
async function readEdit(request: FastifyRequest) {
  let raw: unknown = request.body;
  let images: Awaited<ReturnType<typeof readMultipart>>['files'] = [];
  if (request.isMultipart()) {
    // One more file than allowed is read so the count rule answers with its own message.
    const { fields, files } = await readMultipart(request, { maxFiles: MAX_ARTICLE_IMAGES + 2 });
    raw = fields.article ?? files.find((f) => f.fieldname === 'article')?.data.toString('utf8');
    images = files.filter((f) => f.fieldname === 'images');
  }
  if (raw === undefined || raw === null) throw badRequest(ARTICLE_MESSAGES.missingArticlePart);
  let json: unknown = raw;
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw);
    } catch {
      throw badRequest(ARTICLE_MESSAGES.invalidArticleJson);
    }
  }
  return { article: parseOr400(ArticleEditSchema, json), images };
}

export async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { review, articles } = services;

  // Static paths win over /admin/articles/:id in Fastify's router, whatever the order here.
  serve(app, routes.pending, async () => review.listPending());
  serve(app, routes.counts, async () => review.counts());
  serve(app, routes.approved, async (request) => review.listApproved(request.query));
  serve(app, routes.scheduled, async () => review.listScheduled());
  serve(app, routes.get, async (request) => review.get(request.params.id));
  serve(app, routes.approve, async (request) => review.approve(request.params.id, request.query, actorOf(request)));
  serve(app, routes.saveAndApprove, async (request) => {
    const { id } = request.params;
    // Refused before anything is saved: a published story is edited, never approved again.
    await review.checkApprovable(id);
    const { article, images } = await readEdit(request);
    // The edit and the approval, or the schedule when publishAt is ahead, are one write.
    const saved = await articles.update(currentUser(request), id, article, images, {
      approve: true,
      publishAt: request.query.publishAt,
      ip: request.ip,
    });
    const scheduled = saved.approvalStatus === 'SCHEDULED';
    return { message: scheduled ? REVIEW_MESSAGES.savedAndScheduled : REVIEW_MESSAGES.savedAndApproved, article: saved };
  });
  serve(app, routes.unschedule, async (request) => review.unschedule(request.params.id, actorOf(request)));
  serve(app, routes.reject, async (request) => review.reject(request.params.id, request.body, actorOf(request)));
  serve(app, routes.markBreaking, async (request) => review.markBreaking(request.params.id, request.body, actorOf(request)));
  serve(app, routes.clearBreaking, async (request) => review.clearBreaking(request.params.id, actorOf(request)));
  serve(app, routes.remove, async (request) => review.remove(request.params.id, actorOf(request)));
}
