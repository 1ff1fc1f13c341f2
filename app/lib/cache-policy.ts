// What the server's page cache (server/http/page-cache/) may keep of a route. A public reading page
// exports `cachePolicy` beside its loader; its loader names what it shows with `cacheTags` and the
// tag builders (contract/cache-tags.ts), so that a content change drops only the pages that show
// what changed. A page without a policy (dashboard shells, reset links, the not-found page) is never
// cached; one with a policy whose loaders name nothing is dropped on any change.
import { createContext, type RouterContextProvider } from 'react-router';

export { tag, tagsOfArticle, type CachePolicy } from '../../contract/cache-tags.ts';

/** The tags the request's loaders declare; the adapter puts a fresh list in each request's context. */
export const cacheTagsContext = createContext<string[] | null>(null);

/** Records what a loader's data shows (`tag.home`, `tag.article(id)`...: contract/cache-tags.ts). */
export function cacheTags(context: Readonly<RouterContextProvider>, tags: readonly string[]) {
  context.get(cacheTagsContext)?.push(...tags);
}
