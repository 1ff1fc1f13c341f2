// About Us history on its management screen: each saved text, newest first, with who saved it and
// how long it was (a save that emptied the page stands out); View shows one as readers saw it,
// Restore makes it the page again after asking (the screen's clientAction, intent 'restore').
import { useEffect, useState } from 'react';
import type { useFetcher } from 'react-router';
import { call } from '../../lib/api.ts';
import { sanitizeForView } from '../../lib/sanitize.ts';
import { failureText } from '../dashboard/failure.ts';
import { ConfirmDialog, useConfirm } from '../dashboard/ConfirmDialog.tsx';
import { FormError } from '../dashboard/Field.tsx';
import { Modal } from '../Modal.tsx';
import { formatDateTime } from '../public/format.ts';
import type { Outcome } from '../dashboard/outcome.ts';
import { ABOUT_MESSAGES, ABOUT_ROUTES, type AboutRevision, type AboutRevisionSummary } from '../../../contract/about.ts';

const KIND: Record<AboutRevisionSummary['kind'], string> = {
  CREATE: 'Created',
  EDIT: 'Saved',
  RESTORE: 'Restored',
  BEFORE: 'Text before the history began',
};

export function AboutHistory({ act }: { act: ReturnType<typeof useFetcher<Outcome>> }) {
  const [list, setList] = useState<AboutRevisionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<AboutRevision | null>(null);
  const restoring = useConfirm<AboutRevisionSummary>();
  const busy = act.state !== 'idle';

  useEffect(() => {
    let current = true;
    call(ABOUT_ROUTES.revisions).then(
      (rows) => current && setList(rows),
      () => current && setError(ABOUT_MESSAGES.historyFailed),
    );
    return () => {
      current = false;
    };
  }, []);

  const view = async (id: number) => {
    try {
      setViewing(await call(ABOUT_ROUTES.revision, { params: { revId: id } }));
    } catch (e) {
      setError(failureText(e));
    }
  };
  const restore = (r: AboutRevisionSummary) => {
    restoring.ask(null);
    setViewing(null);
    void act.submit({ intent: 'restore', revId: String(r.id) }, { method: 'post' });
  };
  const label = (r: AboutRevisionSummary) =>
    `${KIND[r.kind]}${r.restoredFromId ? ` (from the text of #${r.restoredFromId})` : ''} · ${formatDateTime(r.createdAt)}`;

  return (
    <section className="about-history" aria-labelledby="about-history-heading">
      <h2 id="about-history-heading">History</h2>
      <FormError>{error}</FormError>
      {list && list.length === 0 && <p className="muted">No saved versions yet: each save that changes the text is kept here.</p>}
      {list && list.length > 0 && (
        <ol className="about-history-list">
          {list.map((r, i) => (
            <li key={r.id}>
              <span className="about-history-what">
                <strong>#{r.id}</strong> {label(r)}
                {r.editorName && <> · {r.editorName}</>}
                <span className="muted"> · {r.length.toLocaleString('en-IN')} characters</span>
                {i === 0 && <span className="about-history-current"> · current</span>}
              </span>
              <span className="about-history-actions">
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => void view(r.id)}
                  aria-label={`View version #${r.id}`}
                >
                  View
                </button>
                {i > 0 && (
                  <button
                    type="button"
                    className="secondary small"
                    disabled={busy}
                    onClick={() => restoring.ask(r)}
                    aria-label={`Restore version #${r.id}`}
                  >
                    Restore
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Modal open={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `Version #${viewing.id}` : 'Version'}>
        {viewing && (
          <>
            <h2>
              Version #{viewing.id}: {label(viewing)}
            </h2>
            <div
              className="about-history-view"
              lang="te"
              dangerouslySetInnerHTML={{ __html: sanitizeForView(viewing.content) }}
            />
            <div className="modal-actions">
              <button type="button" className="secondary" onClick={() => setViewing(null)}>
                Close
              </button>
              {list?.[0]?.id !== viewing.id && (
                <button type="button" onClick={() => restoring.ask(viewing)} disabled={busy}>
                  Restore this version
                </button>
              )}
            </div>
          </>
        )}
      </Modal>
      <ConfirmDialog
        {...restoring.dialog}
        title="Restore this version?"
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={busy}
        onConfirm={() => restoring.item && restore(restoring.item)}
      >
        {restoring.item && (
          <p>
            The About Us text becomes version #{restoring.item.id} ({label(restoring.item)}) again, for readers at once. The text
            it replaces stays in this history. Pictures are not part of it.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
