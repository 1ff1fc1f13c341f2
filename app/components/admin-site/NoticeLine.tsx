import type { Notice } from './feedback.ts';

/** One status line, announced to screen readers when it changes. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <p
      className={notice ? (notice.kind === 'success' ? 'form-success admin-notice' : 'form-error admin-notice') : 'admin-notice'}
      role="status"
      aria-live="polite"
    >
      {notice?.text ?? ''}
    </p>
  );
}
