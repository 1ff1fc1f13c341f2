// The reporter's desk API, declared once (contract/route.ts): writing, editing and listing own
// articles (ARTICLE_ROUTES, server/articles/routes.ts) and drafts (DRAFT_ROUTES,
// server/articles/drafts-routes.ts). Kept apart from ./articles.ts (public bundles import it
// without zod) and from ./drafts.ts (which ./articles.schema.ts imports).
import { z } from 'zod';
import { routeGroup } from './route-group.ts';
import { CONFLICT, NO_CONTENT, TOO_LARGE } from './http.ts';
import { ApprovedListQuerySchema, ArticleCreateSchema, ArticleEditSchema } from './article-form.ts';
import { DraftSaveSchema } from './drafts.ts';
import { STALE } from './editing.ts';
import { ArticleListSchema, ArticleSchema, DraftListSchema, DraftSchema, ReporterApprovedPageSchema } from './articles.schema.ts';

/** What the multipart article requests carry, for the reference. */
export const ARTICLE_MULTIPART =
  'multipart/form-data: an `article` part (JSON: title, author, content, region, categoryIds, youtubeVideoId (the id or a ' +
  'YouTube link), summary (optional, at most 150 characters)) and repeated `images` files (JPG, PNG, WEBP; 2 MB each). ' +
  'On create 1 to 4 files, the first is the cover. On edit the `article` part may carry `imageOrder`: the images after ' +
  'the edit in order, each a kept image (its id or URL) or `{"upload": n}` (the n-th file of the request); 1 to 4 in ' +
  "all, the first is the cover; without it the images stay and new files follow them. An edit's `article` part may " +
  'carry `version`, the version it started from: an older one than stored answers 409 with the story as it is now ' +
  '(`version`, `article`, `changedBy`, `changedAt`) and nothing changes. JSON clients may send the article object as the body.';

const DRAFT_MULTIPART = `${ARTICLE_MULTIPART} A draft may lack any field; \`version\` is the version last read.`;

/**
 * An article request, as the reference describes it: the multipart form's `article` part (JSON text)
 * and `images` files.
 */
const articleRequest = <T extends z.ZodType>(article: T, description = ARTICLE_MULTIPART) => ({
  description,
  multipart: { fields: z.object({ article }), files: ['images'] as const },
});
const draftRequest = articleRequest(DraftSaveSchema, DRAFT_MULTIPART);

/** The reporter's desk tiles: how many of their own stories are in each state. */
export const ReporterCountsSchema = z
  .object({
    drafts: z.number().int(),
    pending: z.number().int(),
    rejected: z.number().int(),
    /** Accepted, publishing at a time still ahead. */
    scheduled: z.number().int(),
    /** Approved: public. */
    published: z.number().int(),
  })
  .meta({ id: 'ReporterCounts' });
export type ReporterCounts = z.infer<typeof ReporterCountsSchema>;

const articleTags = ['articles (reporter)'];
const reporter = routeGroup({ tags: articleTags, access: ['REPORTER'] });
const staff = routeGroup({ tags: articleTags, access: ['REPORTER', 'ADMIN'] });

/** Writing, editing and listing the reporter's own articles (and the shared edit PUT). */
export const ARTICLE_ROUTES = {
  create: reporter.post('/articles', {
    summary: 'Submit an article for review',
    ...articleRequest(ArticleCreateSchema),
    response: ArticleSchema,
    status: 201,
    errors: TOO_LARGE,
  }),
  update: staff.put('/articles/:id', {
    summary:
      "Edit an article, its pictures too: a reporter's own pending or rejected one (a rejected one goes back for review), or any as an admin (approve=true approves it too)",
    query: z.object({ approve: z.enum(['true', 'false']).optional() }),
    ...articleRequest(ArticleEditSchema),
    response: ArticleSchema,
    errors: { ...STALE, ...TOO_LARGE },
  }),
  approved: reporter.get('/reporter/articles/approved', {
    summary: 'My approved articles (title filter)',
    query: ApprovedListQuerySchema,
    response: ReporterApprovedPageSchema,
  }),
  pendingRejected: reporter.get('/reporter/articles/pending-rejected', {
    summary: 'My pending and rejected articles',
    response: ArticleListSchema,
  }),
  counts: reporter.get('/reporter/articles/counts', {
    summary: 'How many of my stories are drafts, pending, rejected, scheduled and published (the desk tiles)',
    response: ReporterCountsSchema,
  }),
  get: reporter.get('/reporter/articles/:id', { summary: 'One of my articles', response: ArticleSchema }),
  remove: reporter.delete('/reporter/articles/:id', {
    summary: 'Delete one of my pending or rejected articles',
    ...NO_CONTENT,
    errors: CONFLICT,
  }),
};

const draftReporter = routeGroup({ tags: ['drafts and revisions'], access: ['REPORTER'] });

/** The reporter's drafts. A stale save answers 409 with the newer draft (`version`, `draft`): nothing is overwritten. */
export const DRAFT_ROUTES = {
  create: draftReporter.post('/articles/drafts', {
    summary: 'Start a draft',
    ...draftRequest,
    response: DraftSchema,
    status: 201,
    errors: TOO_LARGE,
  }),
  save: draftReporter.put('/articles/drafts/:id', {
    summary: 'Save a draft',
    ...draftRequest,
    response: DraftSchema,
    errors: { ...CONFLICT, ...TOO_LARGE },
  }),
  submit: draftReporter.post('/articles/drafts/:id/submit', {
    summary: 'Submit a draft for review (an empty body submits it as stored)',
    ...draftRequest,
    response: ArticleSchema,
    errors: { ...CONFLICT, ...TOO_LARGE },
  }),
  list: draftReporter.get('/reporter/articles/drafts', { summary: 'My drafts, newest first', response: DraftListSchema }),
  get: draftReporter.get('/reporter/articles/drafts/:id', { summary: 'One of my drafts', response: DraftSchema }),
  remove: draftReporter.delete('/reporter/articles/drafts/:id', { summary: 'Delete one of my drafts', ...NO_CONTENT }),
};
