// The editor behind Navigation Bar Management and Featured Category Management: loads every
// category and the current ordered choice, lets the admin pick and order, and saves the choice.
// The pages differ only in their endpoints and words.
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { CategoryOrderPicker } from './CategoryOrderPicker.tsx';
import { NoticeLine } from './NoticeLine.tsx';
import type { Notice } from './feedback.ts';
import type { Category } from '../../../contract/categories.ts';
import { CategoryListSchema } from '../../../contract/categories.ts';

type Props = {
  /** Shown when the list of categories cannot be loaded. */
  categoriesFailed: string;
  /** The current choice, in order. */
  loadSelection(): Promise<number[]>;
  /** Shown when the current choice cannot be loaded. */
  selectionFailed: string;
  /** Saves the ids in order; answers with the saved ids and the success text. */
  saveSelection(ids: number[]): Promise<{ ids: number[]; message: string }>;
  saveFailure(error: unknown): string;
  orderHeading: string;
  emptyText: string;
  saveLabel: string;
};

export function CategorySelectionEditor(props: Props) {
  const [categories, setCategories] = useState<Category[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadErrors, setLoadErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  // Loaded once, on mount, with the page's loaders of that moment.
  const initial = useRef(props);

  useEffect(() => {
    const { categoriesFailed, loadSelection, selectionFailed } = initial.current;
    let cancelled = false;
    const errors: string[] = [];
    Promise.all([
      api('/admin/categories', CategoryListSchema)
        .then((list) => !cancelled && setCategories(list))
        .catch(() => errors.push(categoriesFailed)),
      loadSelection()
        .then((ids) => !cancelled && setSelected(ids))
        .catch(() => errors.push(selectionFailed)),
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
      // A category deleted meanwhile is left out rather than refused by the server.
      const saved = await props.saveSelection(selected.filter((id) => categories.some((c) => c.id === id)));
      setSelected(saved.ids);
      setNotice({ kind: 'success', text: saved.message });
    } catch (error) {
      setNotice({ kind: 'error', text: props.saveFailure(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
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
            orderHeading={props.orderHeading}
            emptyText={props.emptyText}
          />
          <div className="save-row">
            <button type="button" onClick={() => void save()} disabled={saving || loadErrors.length > 0}>
              {saving ? 'Saving...' : props.saveLabel}
            </button>
          </div>
        </>
      )}
      <NoticeLine notice={notice} />
    </>
  );
}
