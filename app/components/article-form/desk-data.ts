// What the desk screens load, in one place: their route clientLoaders call these, and the answer
// carries the screen's own failure text (docs/product.md) instead of throwing.
import { ApiRequestError, call } from '../../lib/api.ts';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { CATEGORY_ROUTES } from '../../../contract/categories.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';
import { PROFILE_ROUTES } from '../../../contract/authors.ts';
import { loaded } from '../dashboard/screen.ts';

/** An own article (any status), or 'Article not found.' / the load failure text. */
export const loadOwnArticle = (id: string | undefined) =>
  loaded(call(ARTICLE_ROUTES.get, { params: { id: id || '0' } }), (e) =>
    e instanceof ApiRequestError && e.status === 404 ? 'Article not found.' : ARTICLE_MESSAGES.loadFailed,
  );

export const loadCategories = () => call(CATEGORY_ROUTES.list);

/**
 * The name a new article's Author field starts with: the reporter's display name (set on the
 * account page); null when the account has none yet (the write screen asks for it first, never the
 * username: that is no name for a byline); '' when it cannot be read (the field is then empty).
 */
export const loadAuthorName = (): Promise<string | null> =>
  call(PROFILE_ROUTES.get).then(
    (profile) => profile.displayName?.trim() || null,
    () => '',
  );
