// 'Page X of Y' with previous and next arrows; pages are zero-based on the wire,
// one-based on screen. Used by every paged dashboard list.
type Props = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the list for screen readers, e.g. "Pages of users". */
  label?: string;
  /** While a page is loading the arrows wait. */
  disabled?: boolean;
};

export function Pagination({ page, totalPages, onPage, label = 'Pages', disabled = false }: Props) {
  const pages = Math.max(totalPages, 1);
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="secondary"
        aria-label="Previous page"
        disabled={disabled || page <= 0}
        onClick={() => onPage(page - 1)}
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
        onClick={() => onPage(page + 1)}
      >
        ›
      </button>
    </nav>
  );
}
