// The editor behind Navigation Bar Management and Featured Category Management: every category and
// the current ordered choice come from the route's clientLoader (loadSelection); the admin picks and
// orders, and Save posts the ids in order to the route's clientAction (readSelection), after which
// React Router reloads the page's data: the site header shows a new navigation order at once.
import { useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { z } from 'zod';
import { call } from '../../lib/api.ts';
import { CategoryOrderPicker } from './CategoryOrderPicker.tsx';
import { NoticeLine } from '../dashboard/notice.tsx';
import type { Outcome } from '../dashboard/outcome.ts';
import { CATEGORY_ROUTES, type Category } from '../../../contract/categories.ts';

export type Selection = {
  categories: Category[];
  /** Chosen category ids, in display order. */
  selected: number[];
  /** The screen's texts for what could not be loaded. */
  loadErrors: string[];
};

/** The route's first load: every category and the current choice; each failure gives its own text. */
export async function loadSelection(
  current: Promise<number[]>,
  texts: { categoriesFailed: string; selectionFailed: string },
): Promise<Selection> {
  const [categories, selected] = await Promise.allSettled([call(CATEGORY_ROUTES.adminList), current]);
  return {
    categories: categories.status === 'fulfilled' ? categories.value : [],
    selected: selected.status === 'fulfilled' ? selected.value : [],
    loadErrors: [
      ...(categories.status === 'rejected' ? [texts.categoriesFailed] : []),
      ...(selected.status === 'rejected' ? [texts.selectionFailed] : []),
    ],
  };
}

const SaveSchema = z.object({ ids: z.array(z.number().int().positive()) });

/** The ids the editor posted to the route's clientAction, in order. */
export async function readSelection(request: Request): Promise<number[]> {
  return SaveSchema.parse(await request.json()).ids;
}

type Props = Selection & {
  orderHeading: string;
  emptyText: string;
  saveLabel: string;
};

export function CategorySelectionEditor({ categories, selected, loadErrors, orderHeading, emptyText, saveLabel }: Props) {
  const save = useFetcher<Outcome>();
  const [chosen, setChosen] = useState(selected);
  // The saved choice, reloaded after a save, replaces the edited one (React's reset-on-new-prop pattern).
  const [saved, setSaved] = useState(selected);
  if (saved !== selected) {
    setSaved(selected);
    setChosen(selected);
  }
  // The outcome stays until the choice is changed again.
  const [changedSinceSave, setChangedSinceSave] = useState(false);
  const saving = save.state !== 'idle';

  function submit() {
    setChangedSinceSave(false);
    // A category deleted meanwhile is left out rather than refused by the server.
    const ids = chosen.filter((id) => categories.some((c) => c.id === id));
    void save.submit({ ids }, { method: 'post', encType: 'application/json' });
  }

  return (
    <>
      {loadErrors.map((e) => (
        <p key={e} className="form-error" role="alert">
          {e}
        </p>
      ))}
      <CategoryOrderPicker
        categories={categories}
        selected={chosen}
        onChange={(next) => {
          setChosen(next);
          setChangedSinceSave(true);
        }}
        chooseLegend="Categories"
        orderHeading={orderHeading}
        emptyText={emptyText}
      />
      <div className="save-row">
        <button type="button" onClick={submit} disabled={saving || loadErrors.length > 0}>
          {saving ? 'Saving...' : saveLabel}
        </button>
      </div>
      <NoticeLine notice={saving || changedSinceSave ? null : (save.data ?? null)} />
    </>
  );
}

/** A whole selection screen: heading, what it is for, and the editor over the route's loader data. */
export function SelectionScreen({ title, intro, ...texts }: { title: string; intro: string } & Omit<Props, keyof Selection>) {
  const selection = useLoaderData() as Selection;
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      <CategorySelectionEditor {...selection} {...texts} />
    </main>
  );
}
