// Saved stories: a signed-in reader's own list, newest saved first.
import { z } from 'zod';
import { ArticleListItemSchema, pageOf } from './articles.schema.ts';
import { pageQuery, Timestamp } from './http.ts';

export const SAVED_PAGE_SIZE = 10;
export const SavedQuery = pageQuery({ size: SAVED_PAGE_SIZE, maxSize: 50 });
export const SavedStateSchema = z.object({ saved: z.boolean(), savedAt: Timestamp.nullable() });
export const SavedArticleSchema = ArticleListItemSchema.extend({ savedAt: Timestamp });
export const SavedPageSchema = pageOf(SavedArticleSchema);
export type SavedPage = z.infer<typeof SavedPageSchema>;

export const SAVED_MESSAGES = {
  notPublic: 'Article not found.',
} as const;
