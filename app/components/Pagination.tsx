// 'Page X of Y' with previous and next arrows; pages are zero-based on the wire,
// one-based on screen. Used by every paged dashboard list.
import type { RefObject } from 'react';

type Props = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the list for screen readers, e.g. "Pages of users". */
  label?: string;
  /** While a page is loading the arrows wait. */
  disabled?: boolean;
  /** The list's top: a new page starts there when the reader had scrolled below it. */
  listTop?: RefObject<HTMLElement | null>;
};

export function Pagination({ page, totalPages, onPage, label = 'Pages', disabled = false, listTop }: Props) {
  const pages = Math.max(totalPages, 1);
  const go = (to: number) => {
    onPage(to);
    const top = listTop?.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="secondary"
        aria-label="Previous page"
        disabled={disabled || page <= 0}
        onClick={() => go(page - 1)}
      >
        ‹
      </button>
      <span aria-live="polite">
        Page {Math.min(page, pages - 1) + 1} of {pages}
      </span>
      <button
        type="button"
        className="secondary"
        aria-label="Next page"
        disabled={disabled || page >= pages - 1}
        onClick={() => go(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
