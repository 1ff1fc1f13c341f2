// Lists of article cards (category, search, related, latest) and the 'మరిన్ని' load-more that
// appends the next page from the API and writes `?page=N` into the address, so Back and a reload
// come back to the same place (the server renders pages 0..N for that address). Without
// JavaScript, load-more is a plain link to ?page=N.
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { stripTags } from '../../../contract/text.ts';
import { LIVE_LABEL } from '../../../contract/articles.ts';
import { ArticleImage, ImagePlaceholder } from './ArticleImage.tsx';
import { formatDateTime } from './format.ts';
import { articlePath, type ListArticle } from './paging.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { PageLink } from '../PageLink.tsx';
import { failureText } from '../dashboard/failure.ts';

export { articlePath, type ListArticle } from './paging.ts';

type CardProps = {
  article: ListArticle;
  title?: ReactNode;
  /** The summary as drawn (search highlights its words); the plain short description otherwise. */
  summary?: ReactNode;
  /** The first card of a page may be its LCP image. */
  priority?: boolean;
  compact?: boolean;
  /** The title's heading: h2 in a page's main list (right under its h1), h3 in a titled section. */
  heading?: 'h2' | 'h3';
};

export function ArticleCard({ article, title, summary, priority = false, compact = false, heading = 'h3' }: CardProps) {
  const cover = article.images[0];
  const plainTitle = stripTags(article.title);
  const Heading = heading;
  return (
    <article className={`article-card${compact ? ' compact' : ''}`}>
      <PageLink to={articlePath(article.id)} className="article-card-media" tabIndex={-1} aria-hidden="true">
        {cover ? (
          <ArticleImage image={cover} alt="" sizes={compact ? '96px' : '(min-width: 700px) 240px, 120px'} priority={priority} />
        ) : (
          <ImagePlaceholder />
        )}
      </PageLink>
      <div className="article-card-body">
        <Heading className="article-card-title">
          {article.live && <LiveBadge />}
          <PageLink to={articlePath(article.id)}>{title ?? plainTitle}</PageLink>
        </Heading>
        {!compact && (
          <>
            <p className="article-card-meta">
              {article.categories[0] && <span className="article-card-category">{article.categories[0].name}</span>}
              <time dateTime={article.publicationDate}>{formatDateTime(article.publicationDate)}</time>
            </p>
            {article.shortDescription && <p className="article-card-summary">{summary ?? stripTags(article.shortDescription)}</p>}
          </>
        )}
      </div>
    </article>
  );
}

/** What a reader sees when a page or a list's next page did not load: 'HTTP error! status: N', or the network message. */
export const loadFailureText = (error: unknown) => failureText(error, {});

/** 'లైవ్': the story is being covered live. */
export function LiveBadge() {
  return <span className="live-badge">{LIVE_LABEL}</span>;
}

type LoadMoreProps = {
  initial: ListArticle[];
  total: number;
  /** Pages already shown (the loader serves pages 0..N for ?page=N). */
  initialPages: number;
  /** Zero-based page → its articles and the current total. */
  loadPage: (page: number) => Promise<{ articles: ListArticle[]; total: number }>;
  /** The address that shows pages 0..page: the no-JavaScript link, and the address after a load-more. */
  moreHref: (page: number) => string;
  renderTitle?: (article: ListArticle) => ReactNode;
  renderSummary?: (article: ListArticle) => ReactNode;
  /** How a failed page load is worded. */
  errorText: (error: unknown) => string;
};

type Shown = { from: ListArticle[]; articles: ListArticle[]; total: number; pages: number };

export function LoadMoreList({
  initial,
  total: initialTotal,
  initialPages,
  loadPage,
  moreHref,
  renderTitle,
  renderSummary,
  errorText,
}: LoadMoreProps) {
  const fresh = (): Shown => ({ from: initial, articles: initial, total: initialTotal, pages: initialPages });
  const [shown, setShown] = useState(fresh);
  // New loader data (another query, the list opened afresh) starts the list again.
  if (shown.from !== initial) setShown(fresh());
  const { articles, total, pages } = shown;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  // Server HTML has a link (works without JavaScript); once hydrated it becomes a real button.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const more = async (event: MouseEvent) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const next = await loadPage(pages);
      setShown((current) => {
        const seen = new Set(current.articles.map((a) => a.id));
        return {
          ...current,
          articles: [...current.articles, ...next.articles.filter((a) => !seen.has(a.id))],
          total: next.total,
          pages: current.pages + 1,
        };
      });
      // The address now says how far the reader got: Back from an article, or a reload, shows the
      // same pages and React Router's scroll restoration puts the reader where they were. The
      // route's shouldRevalidate keeps this from loading the pages again (loadedMore).
      void navigate(moreHref(pages), { replace: true, preventScrollReset: true });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  };

  const complete = articles.length >= total;
  return (
    <>
      <ul className="article-list">
        {articles.map((article, i) => (
          <li key={article.id}>
            <ArticleCard
              article={article}
              title={renderTitle?.(article)}
              summary={renderSummary?.(article)}
              priority={i === 0}
              heading="h2"
            />
          </li>
        ))}
      </ul>
      {error && (
        <div className="load-error">
          <p className="form-error" role="alert">
            {error}
          </p>
          <button type="button" className="secondary" onClick={more} disabled={loading}>
            {MESSAGES.common.retry}
          </button>
        </div>
      )}
      {complete ? (
        <p className="list-end">{MESSAGES.list.noMore}</p>
      ) : (
        <p className="load-more">
          {hydrated ? (
            <button type="button" className="load-more-button" onClick={more} disabled={loading} aria-busy={loading}>
              {MESSAGES.list.loadMore}
            </button>
          ) : (
            <a href={moreHref(pages)} className="load-more-button">
              {MESSAGES.list.loadMore}
            </a>
          )}
        </p>
      )}
    </>
  );
}
