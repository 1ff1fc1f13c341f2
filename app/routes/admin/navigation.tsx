// Navigation Bar Management (SPEC.md §2): which categories the bar and drawer show, in order from 1.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { CategoryOrderPicker } from '../../components/admin-site/CategoryOrderPicker.tsx';
import { NoticeLine } from '../../components/admin-site/NoticeLine.tsx';
import { failureText, type Notice } from '../../components/admin-site/feedback.ts';
import { NAVIGATION_MESSAGES, type Category } from '../../../contract/categories.ts';
import '../../styles/admin-site.css';

export function meta() {
  return [{ title: 'Navigation Bar Management' }, { name: 'robots', content: 'noindex' }];
}

type NavigationEntry = { categoryId: number; categoryName: string; displayOrder: number };

export default function NavigationManagement() {
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
        .catch(() => errors.push(NAVIGATION_MESSAGES.fetchCategoriesFailed)),
      api<NavigationEntry[]>('/navigation-categories')
        .then(
          (list) => !cancelled && setSelected([...list].sort((a, b) => a.displayOrder - b.displayOrder).map((n) => n.categoryId)),
        )
        .catch(() => errors.push(NAVIGATION_MESSAGES.fetchSelectedFailed)),
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
      const body = selected
        .filter((id) => categories.some((c) => c.id === id))
        .map((categoryId, i) => ({ categoryId, displayOrder: i + 1 }));
      const saved = await api<NavigationEntry[]>('/navigation-categories', { method: 'PUT', body });
      setSelected(saved.map((n) => n.categoryId));
      setNotice({ kind: 'success', text: NAVIGATION_MESSAGES.saved });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error, NAVIGATION_MESSAGES.saveFailed, NAVIGATION_MESSAGES.saveError) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="page">
      <h1>Navigation Bar Management</h1>
      <p className="muted">Choose the categories shown in the navigation bar and the menu, and put them in order.</p>
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
            orderHeading="Order in the navigation bar"
            emptyText="No categories chosen: the navigation bar will be empty."
          />
          <div className="save-row">
            <button type="button" onClick={() => void save()} disabled={saving || loadErrors.length > 0}>
              {saving ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </>
      )}
      <NoticeLine notice={notice} />
    </main>
  );
}
