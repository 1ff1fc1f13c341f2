// My Approved Articles: own APPROVED articles, 15 per page, filtered by title.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../components/article-form/ArticleView.tsx';
import { REPORTER_PAGE_SIZE } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import '../../styles/reporter.css';
import { Pagination } from '../../components/Pagination.tsx';
import { ReporterApprovedPageSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'My Approved Articles' }, { name: 'robots', content: 'noindex' }];

export default function MyArticlesScreen() {
  const [page, setPage] = useState(0);
  const [titleInput, setTitleInput] = useState('');
  const [title, setTitle] = useState('');
  const [data, setData] = useState<{ articles: Article[]; totalPages: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    const query = new URLSearchParams({ page: String(page), pageSize: String(REPORTER_PAGE_SIZE) });
    if (title) query.set('title', title);
    api(`/reporter/articles/approved?${query}`, ReporterApprovedPageSchema)
      .then((d) => !cancelled && setData(d))
      .catch((e: unknown) => !cancelled && setError(e instanceof ApiRequestError ? e.message : 'Failed to load articles.'));
    return () => {
      cancelled = true;
    };
  }, [page, title]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(0);
    setTitle(titleInput.trim());
  };
  const totalPages = data?.totalPages ?? 0;

  return (
    <main className="page reporter-page">
      <p className="breadcrumb">
        <Link to="/reporter-dashboard">Reporter Dashboard</Link>
      </p>
      <h1>My Approved Articles</h1>
      <form className="filter-row" role="search" onSubmit={search}>
        <label htmlFor="approved-title" className="visually-hidden">
          Filter by title
        </label>
        <input
          id="approved-title"
          type="search"
          placeholder="Filter by title"
          value={titleInput}
          onChange={(e) => setTitleInput(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p>Loading articles...</p>}
      {data && data.articles.length === 0 && (
        <p>{title ? 'No approved articles match this title.' : 'No approved articles yet.'}</p>
      )}
      {data && data.articles.length > 0 && (
        <ul className="article-list">
          {data.articles.map((a) => (
            <li key={a.id} className="article-row">
              {a.images[0] && (
                <img
                  src={a.images[0].url}
                  srcSet={a.images[0].srcset}
                  sizes="96px"
                  width={a.images[0].width}
                  height={a.images[0].height}
                  alt={a.title}
                />
              )}
              <div className="article-row-text">
                <Link to={`/reporter/view-article/${a.id}`} className="article-row-title">
                  {a.title}
                </Link>
                <p className="article-row-meta">
                  {formatDate(a.publicationDate)}
                  {a.categories[0] && ` · ${a.categories.map((c) => c.name).join(', ')}`}
                </p>
              </div>
              <div className="article-row-actions">
                <Link to={`/reporter/view-article/${a.id}`}>View</Link>
                <Link to={`/article/${a.id}`}>Public page</Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPage={setPage} />}
    </main>
  );
}
