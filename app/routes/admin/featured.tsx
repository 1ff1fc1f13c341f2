// Featured Category Management (SPEC.md §2): the category sections of the home page, in order.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { CategoryOrderPicker } from '../../components/admin-site/CategoryOrderPicker.tsx';
import { NoticeLine } from '../../components/admin-site/NoticeLine.tsx';
import { failureText, serverMessage, type Notice } from '../../components/admin-site/feedback.ts';
import { CATEGORY_MESSAGES, FEATURED_MESSAGES, type Category } from '../../../contract/categories.ts';
import '../../styles/admin-site.css';

export function meta() {
  return [{ title: 'Featured Category Management' }, { name: 'robots', content: 'noindex' }];
}

export default function FeaturedCategories() {
  const [categories, setCategories] = useState<Category[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadErrors, setLoadErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const errors: string[] = [];
    Promise.all([
      api<Category[]>('/admin/categories')
        .then((list) => !cancelled && setCategories(list))
        .catch(() => errors.push(CATEGORY_MESSAGES.listFailed)),
      api<Category[]>('/admin/homepage/featured-categories')
        .then((list) => !cancelled && setSelected(list.map((c) => c.id)))
        .catch(() => errors.push(FEATURED_MESSAGES.fetchFailed)),
    ]).finally(() => {
      if (cancelled) return;
      setLoadErrors(errors);
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  async function save() {
    setSaving(true);
    setNotice(null);
    try {
      const ids = selected.filter((id) => categories.some((c) => c.id === id));
      const saved = await api<{ message: string; categories: Category[] }>('/admin/homepage/featured-categories', {
        method: 'POST',
        body: ids,
      });
      setSelected(saved.categories.map((c) => c.id));
      setNotice({ kind: 'success', text: saved.message || FEATURED_MESSAGES.saved });
    } catch (error) {
      const text = serverMessage(error)
        ? `${FEATURED_MESSAGES.saveFailed} ${serverMessage(error)}`
        : failureText(error, FEATURED_MESSAGES.saveFailed, FEATURED_MESSAGES.saveFailed);
      setNotice({ kind: 'error', text });
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="page">
      <h1>Featured Category Management</h1>
      <p className="muted">
        Choose the categories whose latest articles appear as sections on the home page, and put them in order.
      </p>
      {loadErrors.map((e) => (
        <p key={e} className="form-error" role="alert">
          {e}
        </p>
      ))}
      {loading ? (
        <p>Loading categories...</p>
      ) : (
        <>
          <CategoryOrderPicker
            categories={categories}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              setNotice(null);
            }}
            chooseLegend="Categories"
            orderHeading="Order on the home page"
            emptyText="No featured categories: the home page shows no category sections."
          />
          <div className="save-row">
            <button type="button" onClick={() => void save()} disabled={saving || loadErrors.length > 0}>
              {saving ? 'Saving...' : 'Save Featured Categories'}
            </button>
          </div>
        </>
      )}
      <NoticeLine notice={notice} />
    </main>
  );
}
