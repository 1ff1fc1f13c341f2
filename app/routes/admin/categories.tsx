// Manage Categories: create, rename and delete, the list updated in place.
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../lib/api.ts';
import { Modal } from '../../components/Modal.tsx';
import { TeluguTypingToggle } from '../../components/TeluguTypingToggle.tsx';
import { failureText, serverMessage } from '../../components/admin-site/feedback.ts';
import { CATEGORY_MESSAGES, CategoryInputSchema, type Category } from '../../../contract/categories.ts';
import '../../styles/admin-site.css';
import { NavigationListSchema } from '../../../contract/navigation.ts';
import { CategoryListSchema, CategorySchema } from '../../../contract/categories.ts';

export function meta() {
  return [{ title: 'Manage Categories' }, { name: 'robots', content: 'noindex' }];
}

type Editing = { mode: 'create' } | { mode: 'edit'; category: Category } | null;
/** The delete modal shows either the question or, instead of it, why the category cannot go. */
type Deleting = { category: Category; error: string | null } | null;

export default function ManageCategories() {
  const [categories, setCategories] = useState<Category[]>([]);
  const [loading, setLoading] = useState(true);
  const [listError, setListError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    api('/admin/categories', CategoryListSchema)
      .then((list) => !cancelled && setCategories(list))
      .catch(() => !cancelled && setListError(CATEGORY_MESSAGES.listFailed))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  async function openDelete(category: Category) {
    setDeleting({ category, error: null });
    // a category in the navigation bar shows the error instead of the question.
    // If the navigation list cannot be read it is only logged; the server still refuses (409).
    try {
      const navigation = await api('/navigation-categories', NavigationListSchema);
      if (navigation.some((n) => n.categoryId === category.id)) {
        setDeleting((d) => (d && d.category.id === category.id ? { ...d, error: CATEGORY_MESSAGES.inNavigation } : d));
      }
    } catch (error) {
      console.error('Failed to load navigation categories', error);
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
      setDeleting({ category, error: text });
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

      {loading ? (
        <p>Loading categories...</p>
      ) : listError ? (
        <p className="form-error" role="alert">
          {listError}
        </p>
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

      <Modal open={deleting !== null} onClose={() => deletingId === null && setDeleting(null)} title="Delete category">
        {deleting && (
          <>
            <h2>Delete category</h2>
            {deleting.error ? (
              <p className="form-error" role="alert">
                {deleting.error}
              </p>
            ) : (
              <p>{CATEGORY_MESSAGES.confirmDelete}</p>
            )}
            <div className="modal-actions">
              {!deleting.error && (
                <button type="button" className="danger" disabled={deletingId !== null} onClick={() => void confirmDelete()}>
                  {deletingId !== null ? '...' : 'Confirm'}
                </button>
              )}
              <button type="button" className="secondary" disabled={deletingId !== null} onClick={() => setDeleting(null)}>
                Cancel
              </button>
            </div>
          </>
        )}
      </Modal>
    </main>
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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CategoryInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CATEGORY_MESSAGES.nameRequired);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const saved = isEdit
        ? await api(`/admin/categories/${editing.category.id}`, CategorySchema, { method: 'PUT', body: parsed.data })
        : await api('/admin/categories', CategorySchema, { method: 'POST', body: parsed.data });
      onSaved(saved, editing.mode);
    } catch (err) {
      setError(
        isEdit
          ? (serverMessage(err) ?? failureText(err, CATEGORY_MESSAGES.updateFailed, CATEGORY_MESSAGES.updateError))
          : (serverMessage(err) ?? failureText(err, CATEGORY_MESSAGES.createFailed, CATEGORY_MESSAGES.createError)),
      );
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <h2>{title}</h2>
      <TeluguTypingToggle />
      <div className="field">
        <label htmlFor="category-name" className="visually-hidden">
          Category Name
        </label>
        <input
          id="category-name"
          type="text"
          placeholder="Category Name"
          value={name}
          maxLength={100}
          autoFocus
          data-telugu
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'category-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {error && (
          <p id="category-name-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
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
