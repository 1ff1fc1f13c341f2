// What the public listing pages (category, tag, district, author) share below their heading: the
// stories with 'మరిన్ని', or the page's empty text; and the next page read from the API.
import type { Article } from '../../../contract/articles.ts';
import { loadFailureText, LoadMoreList } from './ArticleList.tsx';
import { toListArticle, type ListArticle } from './paging.ts';

type Page = { articles: ListArticle[]; total: number };

/** A list answer of the API (the total in `X-Total-Count`) as the load-more takes it. */
export async function pageFromApi(answer: Promise<{ data: readonly Article[]; headers: Headers }>): Promise<Page> {
  const { data, headers } = await answer;
  return { articles: data.map(toListArticle), total: Number(headers.get('x-total-count') ?? 0) };
}

export function ListingStories({
  listKey,
  articles,
  total,
  pages,
  path,
  loadPage,
  empty,
}: {
  /** A new list (another category, tag…) starts afresh. */
  listKey: string | number;
  articles: ListArticle[];
  total: number;
  pages: number;
  /** The page's own address: the no-JavaScript link is `${path}?page=N`. */
  path: string;
  loadPage(page: number): Promise<Page>;
  empty: string;
}) {
  if (articles.length === 0) return <p className="empty-text">{empty}</p>;
  return (
    <LoadMoreList
      key={listKey}
      initial={articles}
      total={total}
      initialPages={pages}
      loadPage={loadPage}
      moreHref={(page) => `${path}?page=${page}`}
      errorText={loadFailureText}
    />
  );
}
