// Manage Categories: create, rename and delete, the list updated in place. The delete question says,
// from the server's count, how many articles use the category and what happens to them.
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/categories';
import { api } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ConfirmModal } from '../../components/admin-site/ConfirmModal.tsx';
import { failureText, serverMessage } from '../../components/admin-site/feedback.ts';
import { adminMeta, loaded } from '../../components/admin-site/screen.ts';
import { Field, fieldProps, FormError } from '../../components/form/Field.tsx';
import {
  CATEGORY_MESSAGES,
  CATEGORY_NAME_MAX,
  CategoryInputSchema,
  CategoryListSchema,
  CategorySchema,
  CategoryUsageSchema,
  type Category,
  type CategoryUsage,
} from '../../../contract/categories.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-site.css';

export const meta = () => adminMeta('Manage Categories');
export const handle: ScreenHandle = { loadingText: 'Loading categories...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  return loaded(api('/admin/categories', CategoryListSchema), CATEGORY_MESSAGES.listFailed);
}

type Editing = { mode: 'create' } | { mode: 'edit'; category: Category } | null;
/** The delete question: the server's count of what it touches (null while counting), or why it cannot go. */
type Deleting = { category: Category; usage: CategoryUsage | 'unknown' | null; error: string | null } | null;

export default function ManageCategories() {
  const first = useLoaderData<typeof clientLoader>();
  const [categories, setCategories] = useState<Category[]>(first.data ?? []);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  async function openDelete(category: Category) {
    setDeleting({ category, usage: null, error: null });
    const same = (d: Deleting) => d?.category.id === category.id;
    try {
      const usage = await api(`/admin/categories/${category.id}/usage`, CategoryUsageSchema);
      // a category in the navigation bar shows the error instead of the question.
      const error = usage.inNavigation ? CATEGORY_MESSAGES.inNavigation : null;
      setDeleting((d) => (same(d) ? { category, usage, error } : d));
    } catch (error) {
      // Not counted: the question stays, without the numbers; the server still refuses what it must.
      console.error('Failed to count the articles of the category', error);
      setDeleting((d) => (same(d) ? { ...d!, usage: 'unknown' } : d));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { category } = deleting;
    setDeletingId(category.id);
    try {
      await api(`/admin/categories/${category.id}`, { method: 'DELETE' });
      setCategories((list) => list.filter((c) => c.id !== category.id));
      setDeleting(null);
    } catch (error) {
      const text = serverMessage(error) ?? failureText(error, CATEGORY_MESSAGES.deleteFailed, CATEGORY_MESSAGES.deleteError);
      setDeleting({ ...deleting, error: text });
    } finally {
      setDeletingId(null);
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

      {first.error ? (
        <FormError>{first.error}</FormError>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
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
                    aria-label={deletingId === c.id ? `Deleting ${c.name}` : `Delete ${c.name}`}
                    disabled={deletingId !== null}
                    onClick={() => void openDelete(c)}
                  >
                    {deletingId === c.id ? '...' : 'Delete'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <CategoryFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, mode) => {
          // After create the category is appended; after update it is replaced in place.
          setCategories((list) => (mode === 'create' ? [...list, saved] : list.map((c) => (c.id === saved.id ? saved : c))));
          setEditing(null);
        }}
      />

      <ConfirmModal
        open={deleting !== null}
        title="Delete category"
        danger
        canConfirm={deleting !== null && deleting.usage !== null && !deleting.error}
        busy={deletingId !== null}
        onConfirm={() => void confirmDelete()}
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
      </ConfirmModal>
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

function CategoryFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose(): void;
  onSaved(category: Category, mode: 'create' | 'edit'): void;
}) {
  const title = editing?.mode === 'edit' ? 'Edit category' : 'Create category';
  return (
    <Modal open={editing !== null} onClose={onClose} title={title}>
      {/* Keyed so each opening starts from the current name (edit) or empty (create). */}
      {editing && (
        <CategoryForm
          key={editing.mode === 'edit' ? `edit-${editing.category.id}` : 'create'}
          editing={editing}
          title={title}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function CategoryForm({
  editing,
  title,
  onCancel,
  onSaved,
}: {
  editing: Exclude<Editing, null>;
  title: string;
  onCancel(): void;
  onSaved(category: Category, mode: 'create' | 'edit'): void;
}) {
  const isEdit = editing.mode === 'edit';
  const [name, setName] = useState(isEdit ? editing.category.name : '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = CategoryInputSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? CATEGORY_MESSAGES.nameRequired);
      input.current?.focus();
      return;
    }
    setNameError(null);
    setSaving(true);
    try {
      const saved = isEdit
        ? await api(`/admin/categories/${editing.category.id}`, CategorySchema, { method: 'PUT', body: parsed.data })
        : await api('/admin/categories', CategorySchema, { method: 'POST', body: parsed.data });
      onSaved(saved, editing.mode);
    } catch (err) {
      const [failed, errored] = isEdit
        ? [CATEGORY_MESSAGES.updateFailed, CATEGORY_MESSAGES.updateError]
        : [CATEGORY_MESSAGES.createFailed, CATEGORY_MESSAGES.createError];
      setError(serverMessage(err) ?? failureText(err, failed, errored));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <h2>{title}</h2>
      <TeluguTypingToggle />
      <Field id="category-name" label="Category Name" error={nameError}>
        <input
          {...fieldProps('category-name', nameError)}
          ref={input}
          type="text"
          placeholder="Category Name"
          value={name}
          maxLength={CATEGORY_NAME_MAX}
          autoFocus
          data-telugu
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <FormError>{error}</FormError>
      <div className="modal-actions">
        <button type="submit" disabled={saving}>
          {isEdit ? (saving ? 'Updating...' : 'Update') : saving ? 'Creating...' : 'Create'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
