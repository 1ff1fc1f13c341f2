// Manage Tags: every topic with its number of stories; rename one, or merge it into another (its
// stories get the other tag and it is removed). The rules are the server's (server/tags/service.ts).
import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/tags';
import { api } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { failureText, serverMessage } from '../../components/admin-site/feedback.ts';
import { adminMeta, loaded } from '../../components/admin-site/screen.ts';
import { FormError } from '../../components/form/Field.tsx';
import { AdminTagListSchema, TagActResultSchema } from '../../../contract/tags.schema.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Manage Tags');
export const handle: ScreenHandle = { loadingText: 'Loading tags...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  return loaded(api('/admin/tags', AdminTagListSchema), 'Failed to load tags. Please try again later.');
}

type Tag = { id: number; name: string; slug: string; url: string; articles: number };

export default function ManageTags() {
  const first = useLoaderData<typeof clientLoader>();
  const [tags, setTags] = useState<Tag[]>(first.data ?? []);
  const [editing, setEditing] = useState<{ tag: Tag; name: string; into: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(event: FormEvent, kind: 'rename' | 'merge') {
    event.preventDefault();
    if (!editing) return;
    setBusy(true);
    setError(null);
    try {
      const result =
        kind === 'rename'
          ? await api(`/admin/tags/${editing.tag.id}`, TagActResultSchema, { method: 'PUT', body: { name: editing.name } })
          : await api(`/admin/tags/${editing.tag.id}/merge`, TagActResultSchema, {
              method: 'POST',
              body: { into: Number(editing.into) },
            });
      setTags((list) =>
        list
          .filter((t) => kind === 'rename' || t.id !== editing.tag.id)
          .map((t) => (t.id === result.tag.id ? result.tag : t))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
      setNotice(result.message);
      setEditing(null);
    } catch (caught) {
      setError(serverMessage(caught) ?? failureText(caught, 'Failed to save the tag.', 'Failed to save the tag.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page">
      <div className="admin-toolbar">
        <h1>Manage Tags</h1>
      </div>
      {notice && (
        <p role="status" className="notice-line ok">
          {notice}
        </p>
      )}
      {first.error ? (
        <FormError>{first.error}</FormError>
      ) : tags.length === 0 ? (
        <p>No tags yet: reporters add them to their stories.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Stories</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tags.map((t) => (
              <tr key={t.id}>
                <td>
                  <a href={t.url}>{t.name}</a>
                </td>
                <td>{t.articles}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Edit ${t.name}`}
                    onClick={() => {
                      setError(null);
                      setEditing({ tag: t, name: t.name, into: '' });
                    }}
                  >
                    Rename or merge
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <section className="admin-panel" aria-label={`Edit tag ${editing.tag.name}`}>
          <form onSubmit={(e) => void act(e, 'rename')}>
            <label htmlFor="tag-name">New name</label>
            <input
              id="tag-name"
              value={editing.name}
              maxLength={50}
              onChange={(e) => setEditing({ ...editing, name: e.target.value })}
            />
            <button type="submit" disabled={busy}>
              Rename
            </button>
          </form>
          <form onSubmit={(e) => void act(e, 'merge')}>
            <label htmlFor="tag-into">Merge into</label>
            <select id="tag-into" value={editing.into} onChange={(e) => setEditing({ ...editing, into: e.target.value })}>
              <option value="">Choose a tag</option>
              {tags
                .filter((t) => t.id !== editing.tag.id)
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
            <button type="submit" disabled={busy || !editing.into}>
              Merge
            </button>
          </form>
          <button type="button" className="secondary" onClick={() => setEditing(null)}>
            Cancel
          </button>
          {error && <FormError>{error}</FormError>}
        </section>
      )}
    </main>
  );
}
