// The one helper of the public list pages (category, district, tag, author, search, and any list page
// to come): the loader's first pages for `?page=N`, the share tags, the page with its heading and the
// stories with 'మరిన్ని' (or the page's empty text), and the next page read from the API. A route module
// keeps what is its own: which list it reads, its cache tags, its heading and its words.
import type { MetaDescriptor, RouterContextProvider } from 'react-router';
import type { ReactNode } from 'react';
import type { Article } from '../../../contract/articles.ts';
import { servicesContext } from '../../lib/context.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { loadFailureText, LoadMoreList } from './ArticleList.tsx';
import { feedLink, listCover, pageMeta, type PageMeta } from './meta.ts';
import { PAGE_SIZE, pagesAsked, toListArticle, type ListArticle } from './paging.ts';

/** A page of a list as the load-more takes it. */
type Page = { articles: ListArticle[]; total: number };

/** What a listing's loader reads: as many stories as the pages asked for, the total, and what the page is about. */
type Read = { articles: readonly (Article | ListArticle)[]; total: number };

/**
 * A listing loader's data: `read(size)` is asked for pages 0..N of `?page=N` in one list (where the
 * load-more link leads without JavaScript), and the answer is cut to its cards.
 */
export async function loadListing<T extends Read>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  read: (size: number) => Promise<T>,
): Promise<Omit<T, 'articles'> & { articles: ListArticle[]; pages: number; publicUrl: string }> {
  const pages = pagesAsked(request);
  const result = await read(PAGE_SIZE * pages);
  return {
    ...result,
    articles: result.articles.map(toListArticle),
    pages,
    publicUrl: context.get(servicesContext).config.publicUrl,
  };
}

/** The share tags of a listing: its cover is the first story's with a picture unless `image` says otherwise. */
type ListingMeta = Omit<PageMeta, 'publicUrl'> & {
  /** The page's own RSS feed, announced as '<title> – <site>'. */
  feed?: string;
};

/** A listing's meta: the page's own, or the not-found title (not indexed) when its loader found nothing. */
export function listingMeta<D extends { articles: readonly ListArticle[]; publicUrl: string }>(
  loaderData: D | undefined,
  notFound: string,
  describe: (data: D) => ListingMeta,
): MetaDescriptor[] {
  if (!loaderData) return [{ title: `${notFound} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
  const { feed, ...page } = describe(loaderData);
  const tags = pageMeta({ image: listCover(loaderData.articles), ...page, publicUrl: loaderData.publicUrl });
  return feed ? [...tags, feedLink(`${page.title} – ${SITE_NAME}`, feed)] : tags;
}

/** A list answer of the API (the total in `X-Total-Count`) as the load-more takes it. */
export async function pageFromApi(answer: Promise<{ data: readonly Article[]; headers: Headers }>): Promise<Page> {
  const { data, headers } = await answer;
  return { articles: data.map(toListArticle), total: Number(headers.get('x-total-count') ?? 0) };
}

type StoriesProps = {
  /** The loader's data: the first pages' cards, the total and how many pages they are. */
  list: Page & { pages: number };
  /** The page's own address: the no-JavaScript link is `${path}?page=N`; another list (another category, tag…) starts afresh. */
  path: string;
  loadPage(page: number): Promise<Page>;
  empty: string;
};

/** A listing page: its heading (`children`), then the stories with 'మరిన్ని', or the page's empty text. */
export function ListingPage({ className, children, ...stories }: StoriesProps & { className?: string; children: ReactNode }) {
  return (
    <main className={className ? `page list-page ${className}` : 'page list-page'}>
      {children}
      <ListingStories {...stories} />
    </main>
  );
}

function ListingStories({ list, path, loadPage, empty }: StoriesProps) {
  if (list.articles.length === 0) return <p className="empty-text">{empty}</p>;
  return (
    <LoadMoreList
      key={path}
      initial={list.articles}
      total={list.total}
      initialPages={list.pages}
      loadPage={loadPage}
      moreHref={(page) => `${path}?page=${page}`}
      errorText={loadFailureText}
    />
  );
}
