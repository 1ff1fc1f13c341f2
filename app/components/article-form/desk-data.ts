// What the desk screens load, in one place: their route clientLoaders call these, and the answer
// carries the screen's own failure text (docs/product.md) instead of throwing.
import { api, ApiRequestError } from '../../lib/api.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { CategoryListSchema } from '../../../contract/categories.ts';

export type Loaded<T> = { data: T; error: null } | { data: null; error: string };

/** The answer, or the failure worded for the screen. */
export function loaded<T>(promise: Promise<T>, failure: (error: unknown) => string): Promise<Loaded<T>> {
  return promise.then(
    (data) => ({ data, error: null }),
    (error: unknown) => ({ data: null, error: failure(error) }),
  );
}

/** An own article (any status), or 'Article not found.' / the load failure text. */
export const loadOwnArticle = (id: string | undefined) =>
  loaded(api(`/reporter/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema), (e) =>
    e instanceof ApiRequestError && e.status === 404 ? 'Article not found.' : ARTICLE_MESSAGES.loadFailed,
  );

export const loadCategories = () => api('/categories', CategoryListSchema);
