// The outcome of a screen's last action, and the live region that says it.
import type { Outcome } from './outcome.ts';

/** The outcome's `{ ok, text }` after an action; null before any. */
export type Notice = Pick<Outcome, 'ok' | 'text'> | null;

/**
 * Always on the page, so screen readers announce each new text (a region created together with its
 * text may go unheard).
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
