// Live coverage on the wire: an update's shape, what is posted, and the messages.
import { ISLAND_ROUTES } from './island-routes.ts';
import { z } from 'zod';
import { CONFLICT, IdParam, MAX_ID, NO_CONTENT, PathId, Timestamp } from './http.ts';
import { routeGroup } from './route-group.ts';
import { ReviewResultSchema } from './articles.schema.ts';
import { stripTags } from './text.ts';

/**
 * The bounds that keep a live story's page and polled list small however long the coverage runs
 * (docs/performance.md, "Live coverage"): an update's HTML in characters; the newest updates the
 * page, the JSON-LD and each answer of the list carry (older ones are paged in by `before`), and
 * their HTML together: 20 updates of a few paragraphs, or 10 of the longest (a page holds at least
 * one: longer ones stored before the limit was lowered make shorter pages); the updates a story
 * may hold.
 */
export const LIVE_UPDATE_MAX = 5_000;
export const LIVE_PAGE_SIZE = 20;
export const LIVE_PAGE_CHARS = 50_000;
export const LIVE_UPDATES_PER_STORY = 1_000;

export const LIVE_MESSAGES = {
  notApproved: 'Only an approved story can be covered live.',
  notLive: 'This story is not live: updates can be posted only while it is live.',
  notPublic: 'This story is not public: updates can be posted only on an approved story.',
  contentRequired: 'Write the update before posting it: the content is empty.',
  tooLong: `An update can be at most ${LIVE_UPDATE_MAX} characters.`,
  tooMany: `A live story can hold at most ${LIVE_UPDATES_PER_STORY} updates: delete old ones, or carry the coverage on in a new story.`,
  notYours: "Only the update's author or an admin can change it.",
  before: 'before must be the id of an update',
  updateNotFound: 'Live update not found.',
  started: 'The story is live.',
  ended: 'Live coverage ended.',
} as const;

export const LiveUpdateBodySchema = z.object({
  content: z
    .string({ error: LIVE_MESSAGES.contentRequired })
    .max(LIVE_UPDATE_MAX, LIVE_MESSAGES.tooLong)
    .refine((html) => stripTags(html).trim().length > 0, LIVE_MESSAGES.contentRequired),
});
export type LiveUpdateBody = z.infer<typeof LiveUpdateBodySchema>;

export const LiveUpdateSchema = z
  .object({
    id: z.number(),
    articleId: z.number(),
    /** Sanitised HTML, as an article body. */
    content: z.string(),
    /** Who wrote the current text: the poster, or whoever edited it last. */
    authorName: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'LiveUpdate' });
export type LiveUpdate = z.infer<typeof LiveUpdateSchema>;

/**
 * The public list: whether the story is live now, and a page of its updates newest first (the
 * newest LIVE_PAGE_SIZE, or those before `before`); `more` says older ones remain.
 */
export const LiveUpdateListSchema = z.object({
  live: z.boolean(),
  liveSince: Timestamp.nullable(),
  liveEndedAt: Timestamp.nullable(),
  updates: z.array(LiveUpdateSchema),
  more: z.boolean(),
});
export type LiveUpdateList = z.infer<typeof LiveUpdateListSchema>;

/** `?before=<update id>`: the page of updates older than that one; blank or absent: the newest. */
export const LiveListQuery = z.object({
  before: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: LIVE_MESSAGES.before })
      .int(LIVE_MESSAGES.before)
      .min(1, LIVE_MESSAGES.before)
      .max(MAX_ID, LIVE_MESSAGES.before)
      .optional(),
  ),
});

const tags = ['live coverage'];
const reader = routeGroup({ tags, access: 'public', cache: 'public-read' });
const staff = routeGroup({ tags, access: ['REPORTER', 'ADMIN'] });
const admin = routeGroup({ tags, access: ['ADMIN'] });
const UpdateParams = z.object({ id: PathId, updateId: PathId });

/** The live-coverage API (contract/route.ts), served by server/live/routes.ts. */
export const LIVE_ROUTES = {
  start: admin.put('/admin/articles/:id/live', {
    summary: "Make an approved story live ('లైవ్')",
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  end: admin.delete('/admin/articles/:id/live', {
    summary: 'End live coverage (the updates stay)',
    response: ReviewResultSchema,
    errors: CONFLICT,
  }),
  post: staff.post('/articles/:id/live-updates', {
    summary: "Post an update on a live story (an admin, or the story's reporter); the HTML is sanitised like a body",
    description: `409 once the story holds ${LIVE_UPDATES_PER_STORY} updates.`,
    body: LiveUpdateBodySchema,
    response: LiveUpdateSchema,
    status: 201,
    errors: CONFLICT,
  }),
  edit: staff.put('/articles/:id/live-updates/:updateId', {
    summary: "Edit an update of a public story (its author or an admin; the editor becomes the update's author)",
    params: UpdateParams,
    body: LiveUpdateBodySchema,
    response: LiveUpdateSchema,
    errors: CONFLICT,
  }),
  remove: staff.delete('/articles/:id/live-updates/:updateId', {
    summary: 'Delete an update of a public story (its author or an admin)',
    params: UpdateParams,
    ...NO_CONTENT,
    errors: CONFLICT,
  }),
  list: reader.at(ISLAND_ROUTES.liveUpdates, {
    summary: "A public story's live updates, a page newest first, and whether it is live (ETag; poll with If-None-Match)",
    description: `The newest updates (at most ${LIVE_PAGE_SIZE}, and ${LIVE_PAGE_CHARS} characters of HTML together); \`before\` pages back through older ones.`,
    params: IdParam,
    query: LiveListQuery,
    response: LiveUpdateListSchema,
  }),
};
