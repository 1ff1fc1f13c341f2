// What the admin's article screens load, in one place: their route clientLoaders call these, and
// the answer carries the screen's own failure text (docs/product.md admin alerts) instead of throwing.
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';
import { CategoryListSchema, type Category } from '../../../contract/categories.ts';
import { REVIEW_ERRORS } from '../../../contract/review.ts';
import type { Article } from '../../../contract/articles.ts';
import { failureText } from './feedback.ts';

export type AdminArticle = { article: Article; error: null } | { article: null; error: string };

/** One article (any status but a draft), or 'Error fetching article: ...'. */
export function loadAdminArticle(id: string | undefined): Promise<AdminArticle> {
  return api(`/admin/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema).then(
    (article) => ({ article, error: null }),
    (e: unknown) => ({ article: null, error: REVIEW_ERRORS.fetchArticle + failureText(e) }),
  );
}

/** An article with the categories its edit offers, or the first failure's text. */
export async function loadArticleForEdit(
  id: string | undefined,
): Promise<AdminArticle & { categories: Category[] | null; categoriesError: string | null }> {
  const [loaded, categories] = await Promise.all([
    loadAdminArticle(id),
    api('/categories', CategoryListSchema).then(
      (list) => ({ list, error: null }),
      (e: unknown) => ({ list: null, error: REVIEW_ERRORS.fetchCategories + failureText(e) }),
    ),
  ]);
  return { ...loaded, categories: categories.list, categoriesError: categories.error };
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
