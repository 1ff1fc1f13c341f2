// The reporter's desk: three links, and the reporter's drafts (open, delete). Open to
// REPORTER and ADMIN (the layout guards it); the screens behind the links and the drafts are
// REPORTER only.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { clearLocalDraft, readLocalDraft } from '../../components/article-form/draft-autosave.ts';
import { formatDate } from '../../components/article-form/ArticleView.tsx';
import type { Draft } from '../../../contract/drafts.ts';
import '../../styles/reporter.css';
import { DraftListSchema } from '../../../contract/articles.schema.ts';

export const meta = () => [{ title: 'Reporter Dashboard' }, { name: 'robots', content: 'noindex' }];

export default function ReporterHome() {
  const { role } = useAuth();
  return (
    <main className="page reporter-page">
      <h1>Reporter Dashboard</h1>
      <ul className="dashboard-links">
        <li>
          <Link to="/reporter-dashboard/article-create">Write New Article</Link>
        </li>
        <li>
          <Link to="/reporter-dashboard/my-articles">My Approved Articles</Link>
        </li>
        <li>
          <Link to="/reporter-dashboard/pending-rejected-articles">Pending / Rejected Articles</Link>
        </li>
      </ul>
      {role === 'REPORTER' && <Drafts />}
    </main>
  );
}

function Drafts() {
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api('/reporter/articles/drafts', DraftListSchema)
      .then(setDrafts)
      .catch(() => setError('Failed to load drafts.'));
  }, []);

  async function remove(draft: Draft) {
    if (!window.confirm('Are you sure you want to delete this draft?')) return;
    try {
      await api(`/reporter/articles/drafts/${draft.id}`, { method: 'DELETE' });
      if (readLocalDraft()?.draftId === draft.id) clearLocalDraft();
      setDrafts((list) => list?.filter((d) => d.id !== draft.id) ?? null);
    } catch {
      setError('Failed to delete draft. Please try again.');
    }
  }

  return (
    <section className="drafts" aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {drafts === null && !error && <p>Loading drafts...</p>}
      {drafts?.length === 0 && <p>No drafts.</p>}
      {drafts && drafts.length > 0 && (
        <ul className="draft-list">
          {drafts.map((d) => (
            <li key={d.id}>
              <Link to={`/reporter-dashboard/write-article?draft=${d.id}`} lang="te">
                {d.title.trim() || 'Untitled draft'}
              </Link>{' '}
              <span className="draft-saved">saved {formatDate(d.updatedAt)}</span>{' '}
              <button
                type="button"
                className="secondary"
                onClick={() => void remove(d)}
                aria-label={`Delete draft ${d.title || d.id}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
