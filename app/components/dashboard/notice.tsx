// The outcome of a screen's last action, and the live region that says it.

/** `{ ok, text }` after an action; null before any. */
export type Notice = { ok: boolean; text: string } | null;

/** An action's outcome: the success text, or the failure worded by `failure`. */
export function outcome(call: Promise<string>, failure: (error: unknown) => string): Promise<NonNullable<Notice>> {
  return call.then(
    (text) => ({ ok: true, text }),
    (error: unknown) => ({ ok: false, text: failure(error) }),
  );
}

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
