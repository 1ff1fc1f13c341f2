// What the admin's article screens load, in one place: their route clientLoaders call these, and
// the answer carries the screen's own failure text (docs/product.md admin alerts) instead of throwing.
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { loaded } from '../article-form/desk-data.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';
import { CategoryListSchema } from '../../../contract/categories.ts';
import { REVIEW_ERRORS } from '../../../contract/review.ts';
import { failureText } from './feedback.ts';

/** The answer, or the admin alert's prefix followed by the server's message. */
export const loadedOr = <T>(promise: Promise<T>, prefix: string) => loaded(promise, (e) => prefix + failureText(e));

/** One article (any status but a draft), or 'Error fetching article: ...'. */
export const loadAdminArticle = (id: string | undefined) =>
  loadedOr(api(`/admin/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema), REVIEW_ERRORS.fetchArticle);

/** An article with the categories its edit offers ('Error fetching categories: ...' apart). */
export async function loadArticleForEdit(id: string | undefined) {
  const [article, categories] = await Promise.all([
    loadAdminArticle(id),
    loadedOr(api('/categories', CategoryListSchema), REVIEW_ERRORS.fetchCategories),
  ]);
  return { article, categories };
}

/**
 * The loader's article, replaced by what an action on the screen answered (approve, breaking
 * news...) until the loader reads it again.
 */
export function useLatest<T>(loaded: T): [T, (next: T) => void] {
  const [changed, setChanged] = useState<{ from: T; value: T } | null>(null);
  const value = changed && changed.from === loaded ? changed.value : loaded;
  return [value, (next: T) => setChanged({ from: loaded, value: next })];
}
