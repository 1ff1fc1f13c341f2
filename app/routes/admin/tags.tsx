// Manage Tags: every topic with its number of stories; rename one, or merge it into another (its
// stories get the other tag and it is removed). The rules are the server's (server/tags/service.ts);
// both acts post to the route's clientAction and the list reloads after.
import { useEffect, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import type { Route } from './+types/tags';
import { call } from '../../lib/api.ts';
import { NoticeLine } from '../../components/dashboard/notice.tsx';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { adminLoader, adminMeta } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { PathId } from '../../../contract/http.ts';
import { TAG_NAME_MAX } from '../../../contract/tags.ts';
import { TagMergeSchema, TagRenameSchema } from '../../../contract/tags.schema.ts';
import { TAG_ROUTES } from '../../../contract/tag-routes.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { ColumnHeads } from '../../components/dashboard/ColumnHeads.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Manage Tags');
export const handle: ScreenHandle = { loadingText: 'Loading tags...' };

const TAG_FAILED = 'Failed to save the tag.';

export const clientLoader = adminLoader(() => call(TAG_ROUTES.adminList), 'Failed to load tags. Please try again later.');

/** `intent=rename` with `name`, or `intent=merge` with `into`; the server's message either way. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const form = await request.formData();
  const id = PathId.parse(String(form.get('id') ?? ''));
  const rename = form.get('intent') === 'rename';
  const parsed = rename
    ? TagRenameSchema.safeParse({ name: form.get('name') ?? '' })
    : TagMergeSchema.safeParse({ into: Number(form.get('into')) });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? TAG_FAILED);
  const act = rename
    ? call(TAG_ROUTES.rename, { params: { id }, body: parsed.data as { name: string } })
    : call(TAG_ROUTES.merge, { params: { id }, body: parsed.data as { into: number } });
  return outcome(act, (result) => result.message, { preferServer: true, failed: TAG_FAILED, errored: TAG_FAILED });
}

export default function ManageTags() {
  const { data, error: loadError } = useLoaderData<typeof clientLoader>();
  const tags = data ?? [];
  const [editingId, setEditingId] = useState<number | null>(null);
  const act = useFetcher<Outcome>();
  const busy = act.state !== 'idle';
  const [into, setInto] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const editing = tags.find((t) => t.id === editingId) ?? null;

  // Done: the panel closes (the list has reloaded); refused: it stays with the reason.
  useEffect(() => {
    if (act.state !== 'idle' || !act.data) return;
    if (act.data.ok) setEditingId(null);
    setRefusal(act.data.ok ? null : act.data.text);
  }, [act.state, act.data]);

  return (
    <main className="page">
      <div className="admin-toolbar">
        <h1>Manage Tags</h1>
      </div>
      <NoticeLine notice={!busy && act.data?.ok ? act.data : null} />
      {loadError ? (
        <FormError>{loadError}</FormError>
      ) : tags.length === 0 ? (
        <p>No tags yet: reporters add them to their stories.</p>
      ) : (
        <table className="admin-table">
          <ColumnHeads names={['Tag', 'Stories', 'Actions']} />
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
                      setRefusal(null);
                      setInto('');
                      setEditingId(t.id);
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
        <section key={editing.id} className="admin-panel" aria-label={`Edit tag ${editing.name}`}>
          <act.Form method="post">
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={editing.id} />
            <label htmlFor="tag-name">New name</label>
            <input id="tag-name" name="name" defaultValue={editing.name} maxLength={TAG_NAME_MAX} />
            <button type="submit" disabled={busy}>
              Rename
            </button>
          </act.Form>
          <act.Form method="post">
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="id" value={editing.id} />
            <label htmlFor="tag-into">Merge into</label>
            <select id="tag-into" name="into" value={into} onChange={(e) => setInto(e.target.value)}>
              <option value="">Choose a tag</option>
              {tags
                .filter((t) => t.id !== editing.id)
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
            <button type="submit" disabled={busy || !into}>
              Merge
            </button>
          </act.Form>
          <button type="button" className="secondary" onClick={() => setEditingId(null)}>
            Cancel
          </button>
          <FormError>{refusal}</FormError>
        </section>
      )}
    </main>
  );
}
