// Saved stories: a signed-in reader's own list, newest saved first.
import { z } from 'zod';
import { ArticleListItemSchema, pageOf } from './articles.schema.ts';
import { NoContent, PathId, pageQuery, Timestamp } from './http.ts';
import { defineRoute } from './route.ts';
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
const access = ROLES;
export const ArticleIdParam = z.object({ articleId: PathId });

/** A signed-in reader's saved stories (contract/route.ts). */
export const SAVED_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/me/saved',
    access,
    tags,
    summary: 'The own saved stories, newest saved first (public stories only)',
    query: SavedQuery,
    response: SavedPageSchema,
  }),
  state: defineRoute({
    method: 'GET',
    path: SAVED_ITEM_PATH,
    access,
    tags,
    summary: 'Whether a story is saved',
    params: ArticleIdParam,
    response: SavedStateSchema,
  }),
  save: defineRoute({
    method: 'POST',
    path: SAVED_ITEM_PATH,
    access,
    tags,
    summary: 'Save a public story (201; 200 when already saved; 404 when not public)',
    params: ArticleIdParam,
    response: SavedStateSchema,
    status: 201,
    // Saved already: 200 with the same body.
    errors: { 200: SavedStateSchema },
  }),
  unsave: defineRoute({
    method: 'DELETE',
    path: SAVED_ITEM_PATH,
    access,
    tags,
    summary: 'Unsave a story (204, also when it was not saved)',
    params: ArticleIdParam,
    response: NoContent,
    status: 204,
  }),
};
