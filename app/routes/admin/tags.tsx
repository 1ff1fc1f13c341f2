// Manage Tags: every topic with its number of stories; rename one, or merge it into another (its
// stories get the other tag, it is removed and its address leads to the other). Both are edited in
// the tag's own row; a merge is asked about first. The rules are the server's
// (server/tags/service.ts); both acts post to the route's clientAction and the list reloads after.
import { Fragment, useEffect, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import type { Route } from './+types/tags';
import { call } from '../../lib/api.ts';
import { NoticeLine } from '../../components/dashboard/notice.tsx';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { adminLoader, adminMeta } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { PathId } from '../../../contract/http.ts';
import { TAG_NAME_MAX, type TagRef } from '../../../contract/tags.ts';
import { TagMergeSchema, TagRenameSchema } from '../../../contract/tags.schema.ts';
import { TAG_ROUTES } from '../../../contract/tag-routes.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { ColumnHeads } from '../../components/dashboard/ColumnHeads.tsx';
import { ConfirmDialog } from '../../components/dashboard/ConfirmDialog.tsx';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
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

type AdminTag = TagRef & { id: number; articles: number };
const stories = (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`;

export default function ManageTags() {
  const { data, error: loadError } = useLoaderData<typeof clientLoader>();
  const tags = data ?? [];
  const [editingId, setEditingId] = useState<number | null>(null);
  const act = useFetcher<Outcome>();
  const busy = act.state !== 'idle';
  const [refusal, setRefusal] = useState<string | null>(null);

  // Done: the row closes (the list has reloaded); refused: it stays open with the reason.
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
        <table className="admin-table tag-table">
          <ColumnHeads names={['Tag', 'Stories', 'Actions']} />
          <tbody>
            {tags.map((t) => (
              <Fragment key={t.id}>
                <tr className={editingId === t.id ? 'editing' : undefined}>
                  <td>
                    <a href={t.url}>{t.name}</a>
                  </td>
                  <td>{t.articles}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="secondary small"
                      aria-label={`Edit ${t.name}`}
                      aria-expanded={editingId === t.id}
                      onClick={() => {
                        setRefusal(null);
                        setEditingId(editingId === t.id ? null : t.id);
                      }}
                    >
                      Rename or merge
                    </button>
                  </td>
                </tr>
                {editingId === t.id && (
                  <tr className="tag-edit-row">
                    <td colSpan={3}>
                      <TagEditor
                        tag={t}
                        others={tags.filter((o) => o.id !== t.id)}
                        act={act}
                        busy={busy}
                        refusal={refusal}
                        onCancel={() => setEditingId(null)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

/** The tag's row, opened: its new name, or the tag it goes into (found by typing, asked about first). */
function TagEditor({
  tag,
  others,
  act,
  busy,
  refusal,
  onCancel,
}: {
  tag: AdminTag;
  others: AdminTag[];
  act: ReturnType<typeof useFetcher<Outcome>>;
  busy: boolean;
  refusal: string | null;
  onCancel(): void;
}) {
  const [into, setInto] = useState('');
  const [find, setFind] = useState('');
  const [asking, setAsking] = useState(false);
  const target = others.find((o) => String(o.id) === into) ?? null;
  const needle = find.trim().toLowerCase();
  const shown = others.filter((o) => !needle || o.name.toLowerCase().includes(needle) || o.id === target?.id);
  const merge = () => {
    setAsking(false);
    act.submit({ intent: 'merge', id: String(tag.id), into }, { method: 'post' });
  };

  useEffect(() => {
    if (act.state === 'idle') setAsking(false);
  }, [act.state]);

  return (
    <section className="tag-editor" aria-label={`Edit tag ${tag.name}`} data-telugu-scope>
      <h2>
        Rename or merge “{tag.name}” <span className="tag-editor-count">({stories(tag.articles)})</span>
      </h2>
      <TeluguTypingToggle />
      <act.Form method="post" className="tag-editor-form">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={tag.id} />
        <label htmlFor={`tag-name-${tag.id}`}>New name</label>
        <input id={`tag-name-${tag.id}`} name="name" defaultValue={tag.name} maxLength={TAG_NAME_MAX} data-telugu autoFocus />
        <button type="submit" disabled={busy}>
          Rename
        </button>
      </act.Form>
      <form
        className="tag-editor-form merge"
        onSubmit={(e) => {
          e.preventDefault();
          if (target) setAsking(true);
        }}
      >
        <label htmlFor={`tag-find-${tag.id}`}>Find a tag</label>
        <input
          id={`tag-find-${tag.id}`}
          type="search"
          value={find}
          onChange={(e) => setFind(e.target.value)}
          maxLength={TAG_NAME_MAX}
          data-telugu
        />
        <label htmlFor={`tag-into-${tag.id}`}>Merge into</label>
        <select id={`tag-into-${tag.id}`} value={into} onChange={(e) => setInto(e.target.value)}>
          <option value="">Choose a tag</option>
          {shown.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({stories(o.articles)})
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy || !target}>
          Merge
        </button>
      </form>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
      <FormError>{refusal}</FormError>
      <ConfirmDialog
        open={asking}
        title="Merge tags?"
        confirmLabel="Merge"
        busyLabel="Merging..."
        danger
        busy={busy}
        onConfirm={merge}
        onCancel={() => setAsking(false)}
      >
        {target && (
          <p>
            Merge “{tag.name}” into “{target.name}”? Its {stories(tag.articles)} get “{target.name}”, “{tag.name}” is removed, and
            its address leads to “{target.name}”. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
