// Saved stories: a signed-in reader's own list, newest saved first.
import { z } from 'zod';
import { ArticleListItemSchema } from './articles.schema.ts';
import { NO_CONTENT, pageOf, pageQuery, PathId, Timestamp } from './http.ts';
import { routeGroup } from './route-group.ts';
import { ROLES } from './roles.ts';
import { SAVED_ITEM_PATH } from './saved-path.ts';

export const SAVED_PAGE_SIZE = 10;
export const SavedQuery = pageQuery({ size: SAVED_PAGE_SIZE, maxSize: 50 });
export const SavedStateSchema = z.object({ saved: z.boolean(), savedAt: Timestamp.nullable() });
export const SavedArticleSchema = ArticleListItemSchema.extend({ savedAt: Timestamp });
export const SavedPageSchema = pageOf(SavedArticleSchema);
export type SavedPage = z.infer<typeof SavedPageSchema>;

export const SAVED_MESSAGES = {
  notPublic: 'Article not found.',
} as const;

const tags = ['saved stories'];
const member = routeGroup({ tags, access: ROLES });
export const ArticleIdParam = z.object({ articleId: PathId });

/** A signed-in reader's saved stories (contract/route.ts). */
export const SAVED_ROUTES = {
  list: member.get('/me/saved', {
    summary: 'The own saved stories, newest saved first (public stories only)',
    query: SavedQuery,
    response: SavedPageSchema,
  }),
  state: member.get(SAVED_ITEM_PATH, { summary: 'Whether a story is saved', params: ArticleIdParam, response: SavedStateSchema }),
  save: member.post(SAVED_ITEM_PATH, {
    summary: 'Save a public story (201; 200 when already saved; 404 when not public)',
    params: ArticleIdParam,
    response: SavedStateSchema,
    status: 201,
    // Saved already: 200 with the same body.
    errors: { 200: SavedStateSchema },
  }),
  unsave: member.delete(SAVED_ITEM_PATH, {
    summary: 'Unsave a story (204, also when it was not saved)',
    params: ArticleIdParam,
    ...NO_CONTENT,
  }),
};
