// Paging shared by the category and search pages (docs/product.md: 5 per page), and the list card's
// shape and address (kept free of React Router: the home page's islands use them).
import { isLive, type Article } from '../../../contract/articles.ts';
import { listPages } from '../../../contract/site.ts';

/** The fields a list card uses: list answers may leave out `content`. */
export type ListArticle = Pick<Article, 'id' | 'title' | 'shortDescription' | 'images' | 'publicationDate' | 'categories'> & {
  /** Set only while the story is covered live: the list shows the 'లైవ్' badge. */
  live?: true;
};

export const articlePath = (id: number) => `/public/articles/${id}`;

export const PAGE_SIZE = 5;
// The server's canonical addresses read `?page=N` by the same rule (server/http/canonical.ts).
export { listPages, MAX_LINKED_PAGES } from '../../../contract/site.ts';

/** Only what a list card draws: the page's data stays small. */
export function toListArticle({
  id,
  title,
  shortDescription,
  images,
  publicationDate,
  categories,
  ...rest
}: Article | ListArticle): ListArticle {
  const live = 'live' in rest ? rest.live : isLive(rest as Article);
  return {
    id,
    title,
    shortDescription,
    images: images.slice(0, 1),
    publicationDate,
    categories: categories.slice(0, 1),
    ...(live ? { live: true as const } : {}),
  };
}

// The services keep the home page's lists and an article page's latest list until the next content
// change and hand back the same arrays: each is cut to its cards once, not on every render.
const cardsByList = new WeakMap<readonly (Article | ListArticle)[], ListArticle[]>();

/** A list's cards (`toListArticle` of each), the same array again for the same list. */
export function toListArticles(list: readonly (Article | ListArticle)[]): ListArticle[] {
  let cards = cardsByList.get(list);
  if (!cards) {
    cards = list.map(toListArticle);
    cardsByList.set(list, cards);
  }
  return cards;
}

/**
 * True when a navigation only asks for more pages of the same list (the load-more writes `?page=N`
 * into the address): the pages already on screen stay, and no loader runs again for them.
 */
export function loadedMore({ currentUrl, nextUrl, formMethod }: { currentUrl: URL; nextUrl: URL; formMethod?: string }) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return false;
  const others = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('page');
    params.sort();
    return params.toString();
  };
  if (others(currentUrl) !== others(nextUrl)) return false;
  return listPages(nextUrl.searchParams.get('page')) > listPages(currentUrl.searchParams.get('page'));
}

/** The `shouldRevalidate` of every listing route: a load-more keeps what is on screen (see `loadedMore`). */
export function keepLoadedPages(args: { currentUrl: URL; nextUrl: URL; formMethod?: string; defaultShouldRevalidate: boolean }) {
  return loadedMore(args) ? false : args.defaultShouldRevalidate;
}

/** How many pages a listing's loader renders: its `?page=N` (see `listPages`). */
export const pagesAsked = (request: Request) => listPages(new URL(request.url).searchParams.get('page'));
