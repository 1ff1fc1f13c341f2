// What the reporter's screens load, in one place: their route clientLoaders call these, and the
// answer carries the screen's own failure text (docs/product.md) instead of throwing.
import { api, ApiRequestError } from '../../lib/api.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { CategoryListSchema } from '../../../contract/categories.ts';
import type { Article } from '../../../contract/articles.ts';

export type Loaded<T> = ({ error: null } & T) | { error: string };

/** An own article (any status), or 'Article not found.' / the load failure text. */
export async function loadOwnArticle(id: string | undefined): Promise<Loaded<{ article: Article }>> {
  try {
    return { error: null, article: await api(`/reporter/articles/${encodeURIComponent(id ?? '')}`, ArticleSchema) };
  } catch (e) {
    return { error: e instanceof ApiRequestError && e.status === 404 ? 'Article not found.' : ARTICLE_MESSAGES.loadFailed };
  }
}

export const loadCategories = () => api('/categories', CategoryListSchema);
