// Author page, /author/{username}: the reporter's Telugu display name, bio and photo, and their
// approved stories 5 at a time with 'మరిన్ని'. Unknown or not a reporter: 404.
import type { Route } from './+types/author';
import { AUTHOR_ROUTES, UsernameParam } from '../../../contract/authors.ts';
import type { Article } from '../../../contract/articles.ts';
import { servicesContext } from '../../lib/context.ts';
import { call } from '../../lib/api.ts';
import { FEED_PATHS, SITE_NAME } from '../../lib/site.ts';
import { authorPath } from '../../../contract/site.ts';
import { ArticleImage } from '../../components/public/ArticleImage.tsx';
import { absoluteUrl } from '../../components/public/format.ts';
import { ListingPage, listingMeta, loadListing } from '../../components/public/ListingPage.tsx';
import { keepLoadedPages, PAGE_SIZE, toListArticle } from '../../components/public/paging.ts';
import { orNotFound, PageError, paramsOrNotFound } from '../../components/public/PageError.tsx';
import { cacheTags, tag, type CachePolicy } from '../../lib/cache-policy.ts';
import '../../styles/public.css';

const T = {
  notFound: 'ఈ రచయిత కనిపించలేదు.',
  empty: 'ఈ రచయిత వార్తలు ఇంకా లేవు.',
  stories: 'వార్తలు',
  feed: 'RSS ఫీడ్',
};

// Cached by the server like the category pages, one entry per `?page=N`. Any article change can
// move a reporter's list, so the page goes with every change (as search pages do).
export const cachePolicy: CachePolicy = { name: 'author', params: ['page'] };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { username } = paramsOrNotFound(UsernameParam, params);
  return loadListing(request, context, async (size) => {
    const { articles, total, ...author } = await orNotFound(services.authors.page(username, 0, size));
    cacheTags(context, [tag.anyArticle]);
    return { author, articles, total };
  });
}

export const shouldRevalidate = keepLoadedPages;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  listingMeta(loaderData, T.notFound, ({ author, publicUrl }) => ({
    title: author.displayName,
    description: author.bio || `${author.displayName} – ${SITE_NAME}`,
    path: authorPath(author.username),
    // The reporter's photo is in the profile below, not a cover for link previews.
    image: null,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      mainEntity: {
        '@type': 'Person',
        name: author.displayName,
        url: absoluteUrl(publicUrl, authorPath(author.username)),
        ...(author.bio ? { description: author.bio } : {}),
        ...(author.photo ? { image: absoluteUrl(publicUrl, author.photo.url) } : {}),
      },
    },
    feed: FEED_PATHS.author(author.username),
  }));

const loadAuthorPage = (username: string) => async (page: number) => {
  const author = await call(AUTHOR_ROUTES.page, { params: { username }, query: { page, size: PAGE_SIZE } });
  return { articles: author.articles.map((a) => toListArticle(a as Article)), total: author.total };
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author } = loaderData;
  return (
    <ListingPage
      className="author-page"
      list={loaderData}
      path={authorPath(author.username)}
      loadPage={loadAuthorPage(author.username)}
      empty={T.empty}
    >
      <header className="author-card">
        {author.photo && (
          <div className="author-photo">
            <ArticleImage image={author.photo} alt={author.displayName} sizes="96px" fetch="now" />
          </div>
        )}
        <div>
          <h1 className="page-heading author-name">{author.displayName}</h1>
          {author.bio && <p className="author-bio">{author.bio}</p>}
          <p className="author-feed">
            <a href={FEED_PATHS.author(author.username)}>{T.feed}</a>
          </p>
        </div>
      </header>
      <h2 className="section-heading">{T.stories}</h2>
    </ListingPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound={T.notFound} />;
}
