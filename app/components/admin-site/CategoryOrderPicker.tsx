// Choose categories (checkboxes) and put the chosen ones in order (up/down buttons). Used by the
// navigation bar and the featured homepage screens; the order shown starts at 1.
import type { Category } from '../../../contract/categories.ts';

type Props = {
  categories: Category[];
  /** Chosen category ids, in display order. */
  selected: number[];
  onChange(selected: number[]): void;
  chooseLegend: string;
  orderHeading: string;
  emptyText: string;
};

export function CategoryOrderPicker({ categories, selected, onChange, chooseLegend, orderHeading, emptyText }: Props) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const chosen = selected.filter((id) => byId.has(id));

  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const target = index + by;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target], next[index]];
    onChange(next);
  };

  return (
    <div className="order-picker">
      <fieldset className="order-picker-choose">
        <legend>{chooseLegend}</legend>
        {categories.length === 0 && <p className="muted">No categories yet.</p>}
        <ul>
          {categories.map((c) => (
            <li key={c.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
                <span>{c.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <section className="order-picker-order" aria-labelledby="order-heading">
        <h2 id="order-heading">{orderHeading}</h2>
        {chosen.length === 0 ? (
          <p className="muted">{emptyText}</p>
        ) : (
          <ol>
            {chosen.map((id, index) => {
              const name = byId.get(id)!.name;
              return (
                <li key={id}>
                  <span className="order-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="order-name">{name}</span>
                  <button
                    type="button"
                    className="secondary order-move"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="secondary order-move"
                    aria-label={`Move ${name} down`}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
