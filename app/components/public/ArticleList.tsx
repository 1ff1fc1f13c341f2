// Lists of article cards (category, search, related, latest) and the 'మరిన్ని' load-more that
// appends the next page from the API. Without JavaScript, load-more is a plain link to ?page=N.
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Article } from '../../../contract/articles.ts';
import { stripTags } from '../../../contract/text.ts';
import { ArticleImage, ImagePlaceholder } from './ArticleImage.tsx';
import { formatDate } from './format.ts';

export const LOAD_MORE = 'మరిన్ని';

/** The fields a list card uses: list answers may leave out `content`. */
export type ListArticle = Pick<Article, 'id' | 'title' | 'shortDescription' | 'images' | 'publicationDate' | 'categories'>;

export const articlePath = (id: number) => `/public/articles/${id}`;

type CardProps = {
  article: ListArticle;
  title?: ReactNode;
  /** The first card of a page may be its LCP image. */
  priority?: boolean;
  compact?: boolean;
};

export function ArticleCard({ article, title, priority = false, compact = false }: CardProps) {
  const cover = article.images[0];
  const plainTitle = stripTags(article.title);
  return (
    <article className={`article-card${compact ? ' compact' : ''}`}>
      <Link to={articlePath(article.id)} className="article-card-media" tabIndex={-1} aria-hidden="true">
        {cover ? (
          <ArticleImage image={cover} alt="" sizes={compact ? '96px' : '(min-width: 700px) 240px, 120px'} priority={priority} />
        ) : (
          <ImagePlaceholder />
        )}
      </Link>
      <div className="article-card-body">
        <h3 className="article-card-title">
          <Link to={articlePath(article.id)}>{title ?? plainTitle}</Link>
        </h3>
        {!compact && (
          <>
            <p className="article-card-meta">
              {article.categories[0] && <span className="article-card-category">{article.categories[0].name}</span>}
              <time dateTime={article.publicationDate}>{formatDate(article.publicationDate)}</time>
            </p>
            {article.shortDescription && <p className="article-card-summary">{stripTags(article.shortDescription)}</p>}
          </>
        )}
      </div>
    </article>
  );
}

type LoadMoreProps = {
  initial: ListArticle[];
  total: number;
  /** Pages already shown (the loader may have served several for ?page=N without JavaScript). */
  initialPages: number;
  /** Zero-based page → its articles and the current total. */
  loadPage: (page: number) => Promise<{ articles: ListArticle[]; total: number }>;
  /** Link for readers without JavaScript. */
  moreHref: (page: number) => string;
  renderTitle?: (article: ListArticle) => ReactNode;
  /** How a failed page load is worded. */
  errorText: (error: unknown) => string;
};

export function LoadMoreList({
  initial,
  total: initialTotal,
  initialPages,
  loadPage,
  moreHref,
  renderTitle,
  errorText,
}: LoadMoreProps) {
  const [articles, setArticles] = useState(initial);
  const [total, setTotal] = useState(initialTotal);
  const [pages, setPages] = useState(initialPages);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      setArticles((current) => {
        const seen = new Set(current.map((a) => a.id));
        return [...current, ...next.articles.filter((a) => !seen.has(a.id))];
      });
      setTotal(next.total);
      setPages((p) => p + 1);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <ul className="article-list">
        {articles.map((article, i) => (
          <li key={article.id}>
            <ArticleCard article={article} title={renderTitle?.(article)} priority={i === 0} />
          </li>
        ))}
      </ul>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {articles.length < total && (
        <p className="load-more">
          {hydrated ? (
            <button type="button" className="load-more-button" onClick={more} disabled={loading} aria-busy={loading}>
              {LOAD_MORE}
            </button>
          ) : (
            <a href={moreHref(pages)} className="load-more-button">
              {LOAD_MORE}
            </a>
          )}
        </p>
      )}
    </>
  );
}
