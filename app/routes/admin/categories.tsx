// Manage Categories: create, rename and delete, the list updated in place. The delete question says,
// from the server's count, how many articles use the category and what happens to them.
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import type { Route } from './+types/categories';
import { call } from '../../lib/api.ts';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ConfirmDialog } from '../../components/dashboard/ConfirmDialog.tsx';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { adminLoader, adminMeta } from '../../components/dashboard/screen.ts';
import { Field, fieldProps, FormError } from '../../components/dashboard/Field.tsx';
import {
  CATEGORY_MESSAGES,
  CATEGORY_NAME_MAX,
  CATEGORY_ROUTES,
  CategoryInputSchema,
  type Category,
  type CategoryUsage,
} from '../../../contract/categories.ts';
import { PathId } from '../../../contract/http.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { ColumnHeads } from '../../components/dashboard/ColumnHeads.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Manage Categories');
export const handle: ScreenHandle = { loadingText: 'Loading categories...' };

export const clientLoader = adminLoader(() => call(CATEGORY_ROUTES.adminList), CATEGORY_MESSAGES.listFailed);

/**
 * Create (no id), rename (`id` and `name`) or delete (`intent=delete`, `id`); the list reloads after.
 * A refused name's message is the outcome's `errors.name`.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const form = await request.formData();
  const id = PathId.parse(String(form.get('id') ?? ''));
  if (form.get('intent') === 'delete') {
    return outcome(call(CATEGORY_ROUTES.remove, { params: { id } }), '', {
      preferServer: true,
      failed: CATEGORY_MESSAGES.deleteFailed,
      errored: CATEGORY_MESSAGES.deleteError,
    });
  }
  const parsed = CategoryInputSchema.safeParse({ name: form.get('name') ?? '' });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CATEGORY_MESSAGES.nameRequired;
    return refused(message, { name: message });
  }
  const [failed, errored] = id
    ? [CATEGORY_MESSAGES.updateFailed, CATEGORY_MESSAGES.updateError]
    : [CATEGORY_MESSAGES.createFailed, CATEGORY_MESSAGES.createError];
  const save = id
    ? call(CATEGORY_ROUTES.rename, { params: { id }, body: parsed.data })
    : call(CATEGORY_ROUTES.create, { body: parsed.data });
  return outcome(save, '', { preferServer: true, failed, errored });
}

type Editing = { mode: 'create' } | { mode: 'edit'; category: Category } | null;
/** The delete question: the server's count of what it touches (null while counting), or why it cannot go. */
type Deleting = { category: Category; usage: CategoryUsage | 'unknown' | null; error: string | null } | null;

export default function ManageCategories() {
  const { data: categories, error: loadError } = useLoaderData<typeof clientLoader>();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const remover = useFetcher<Outcome>();
  const removingId = remover.state !== 'idle' ? Number(remover.formData?.get('id')) : null;

  // The delete's answer: done closes the question (the list has reloaded), a refusal replaces it.
  useEffect(() => {
    if (remover.state !== 'idle' || !remover.data) return;
    const answer = remover.data;
    setDeleting((d) => d && (answer.ok ? null : { ...d, error: answer.text || CATEGORY_MESSAGES.deleteFailed }));
  }, [remover.state, remover.data]);

  async function openDelete(category: Category) {
    setDeleting({ category, usage: null, error: null });
    const same = (d: Deleting) => d?.category.id === category.id;
    try {
      const usage = await call(CATEGORY_ROUTES.usage, { params: { id: category.id } });
      // a category in the navigation bar shows the error instead of the question.
      const error = usage.inNavigation ? CATEGORY_MESSAGES.inNavigation : null;
      setDeleting((d) => (same(d) ? { category, usage, error } : d));
    } catch (error) {
      // Not counted: the question stays, without the numbers; the server still refuses what it must.
      console.error('Failed to count the articles of the category', error);
      setDeleting((d) => (same(d) ? { ...d!, usage: 'unknown' } : d));
    }
  }

  return (
    <main className="page">
      <div className="admin-toolbar">
        <h1>Manage Categories</h1>
        <button type="button" onClick={() => setEditing({ mode: 'create' })}>
          Create
        </button>
      </div>

      {loadError ? (
        <FormError>{loadError}</FormError>
      ) : (
        <table className="admin-table">
          <ColumnHeads names={['Category', 'Actions']} />
          <tbody>
            {(categories ?? []).map((c) => (
              <tr key={c.id}>
                <td className="category-name">{c.name}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => setEditing({ mode: 'edit', category: c })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger small"
                    aria-label={removingId === c.id ? `Deleting ${c.name}` : `Delete ${c.name}`}
                    disabled={removingId !== null}
                    onClick={() => void openDelete(c)}
                  >
                    {removingId === c.id ? '...' : 'Delete'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <CategoryFormModal editing={editing} onClose={() => setEditing(null)} />

      <ConfirmDialog
        open={deleting !== null}
        title="Delete category"
        danger
        canConfirm={deleting !== null && deleting.usage !== null && !deleting.error}
        busy={removingId !== null}
        onConfirm={() => deleting && void remover.submit({ intent: 'delete', id: deleting.category.id }, { method: 'post' })}
        onCancel={() => setDeleting(null)}
      >
        {deleting?.error ? (
          <FormError>{deleting.error}</FormError>
        ) : (
          deleting && (
            <>
              <p>{CATEGORY_MESSAGES.confirmDelete}</p>
              <DeleteEffect name={deleting.category.name} usage={deleting.usage} />
            </>
          )
        )}
      </ConfirmDialog>
    </main>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the delete does to the articles, in the server's numbers (docs/product.md, Category Management). */
function DeleteEffect({ name, usage }: { name: string; usage: CategoryUsage | 'unknown' | null }) {
  if (usage === null) return <p role="status">Counting the articles filed under {name}...</p>;
  if (usage === 'unknown') return <p className="change-outcome">The articles filed under {name} could not be counted.</p>;
  const { articleCount, approvedCount, soleCategoryCount, featured } = usage;
  return (
    <div className="change-outcome" role="status">
      {articleCount === 0 ? (
        <p>No article is filed under {name}.</p>
      ) : (
        <p>
          <strong>{count(articleCount, 'article', 'articles')}</strong> ({approvedCount} published){' '}
          {articleCount === 1 ? 'is' : 'are'} filed under {name}. Deleting it removes {name} from{' '}
          {articleCount === 1 ? 'it' : 'them'}; other categories stay.
        </p>
      )}
      {soleCategoryCount > 0 && (
        <p>
          {count(soleCategoryCount, 'article has', 'articles have')} no other category:{' '}
          {soleCategoryCount === 1 ? 'it stays' : 'they stay'} on the site (if published, on the home page, in search and at{' '}
          {soleCategoryCount === 1 ? 'its' : 'their'} address) but in no category list until an edit gives{' '}
          {soleCategoryCount === 1 ? 'it' : 'them'} a category.
        </p>
      )}
      {featured && <p>It also leaves the home page&apos;s featured sections.</p>}
    </div>
  );
}

function CategoryFormModal({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const title = editing?.mode === 'edit' ? 'Edit category' : 'Create category';
  return (
    <Modal open={editing !== null} onClose={onClose} title={title}>
      {/* Keyed so each opening starts from the current name (edit) or empty (create). */}
      {editing && (
        <CategoryForm
          key={editing.mode === 'edit' ? `edit-${editing.category.id}` : 'create'}
          editing={editing}
          title={title}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/** Create or rename: posted to the route's clientAction; done closes it (the list has reloaded). */
function CategoryForm({ editing, title, onDone }: { editing: Exclude<Editing, null>; title: string; onDone(): void }) {
  const isEdit = editing.mode === 'edit';
  const save = useFetcher<Outcome>();
  const saving = save.state !== 'idle';
  const answer = saving ? undefined : save.data;
  const nameError = answer && !answer.ok ? (answer.errors?.name ?? null) : null;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (save.state !== 'idle' || !save.data) return;
    if (save.data.ok) onDone();
    else if (save.data.errors?.name) input.current?.focus();
  }, [save.state, save.data, onDone]);

  return (
    <save.Form method="post" noValidate>
      <h2>{title}</h2>
      {isEdit && <input type="hidden" name="id" value={editing.category.id} />}
      <TeluguTypingToggle />
      <Field id="category-name" label="Category Name" error={nameError}>
        <input
          {...fieldProps('category-name', nameError)}
          ref={input}
          name="name"
          type="text"
          placeholder="Category Name"
          defaultValue={isEdit ? editing.category.name : ''}
          maxLength={CATEGORY_NAME_MAX}
          autoFocus
          data-telugu
        />
      </Field>
      <FormError>{answer && !answer.ok && !nameError ? answer.text : null}</FormError>
      <div className="modal-actions">
        <button type="submit" disabled={saving}>
          {isEdit ? (saving ? 'Updating...' : 'Update') : saving ? 'Creating...' : 'Create'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </save.Form>
  );
}
