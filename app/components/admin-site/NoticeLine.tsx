import type { Notice } from './feedback.ts';

/**
 * The outcome of the screen's last action, in a live region that is always on the page so screen
 * readers announce each new text (a region created together with its text may go unheard).
 */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <p
      className={notice ? (notice.ok ? 'form-success admin-notice' : 'form-error admin-notice') : 'admin-notice'}
      role="status"
      aria-live="polite"
    >
      {notice?.text ?? ''}
    </p>
  );
}
