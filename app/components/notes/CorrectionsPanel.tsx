// The corrections readers see under a published story ('సవరణ'), on the admin's view and edit
// screens: the list with who added each and when, a remove button that asks first, and a box to
// add one with the తెలుగు/ENG typing toggle. A correction is never edited: remove it and add
// another (each is its own audited act, kept in the revision history).
import { useEffect, useId, useState } from 'react';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import { ConfirmDialog, useConfirm } from '../dashboard/ConfirmDialog.tsx';
import { useAct } from '../dashboard/use-act.ts';
import { Remark, RemarkForm } from './Remark.tsx';
import {
  CORRECTION_HEADING,
  CORRECTION_MAX,
  CORRECTION_MESSAGES,
  NOTE_ROUTES,
  type Correction,
} from '../../../contract/notes.ts';
import type { Article } from '../../../contract/articles.ts';

export function CorrectionsPanel({ article }: { article: Pick<Article, 'id' | 'approvalStatus'> }) {
  const headingId = useId();
  const [list, setList] = useState<Correction[] | null>(null);
  const [text, setText] = useState('');
  const { busy, notice, setNotice, act } = useAct();
  const removing = useConfirm<Correction>();
  const published = article.approvalStatus === 'APPROVED';

  useEffect(() => {
    if (!published) return;
    let cancelled = false;
    call(NOTE_ROUTES.corrections, { params: { id: article.id } }).then(
      (found) => !cancelled && setList(found),
      (e: unknown) => !cancelled && setNotice({ ok: false, text: failureText(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [article.id, published, setNotice]);

  if (!published) return null;

  const add = () =>
    act(async () => {
      const added = await call(NOTE_ROUTES.correct, { params: { id: article.id }, body: { text } });
      setList((l) => [...(l ?? []), added]);
      setText('');
      return CORRECTION_MESSAGES.added;
    });

  const remove = (c: Correction) =>
    act(async () => {
      await call(NOTE_ROUTES.removeCorrection, { params: { id: article.id, correctionId: c.id } });
      setList((l) => (l ?? []).filter((x) => x.id !== c.id));
      removing.dialog.onCancel();
      return CORRECTION_MESSAGES.removed;
    });

  return (
    <section className="schedule-panel corrections-panel" aria-labelledby={headingId} data-testid="corrections-panel">
      <h2 id={headingId} className="schedule-heading">
        Corrections (<span lang="te">{CORRECTION_HEADING}</span>)
      </h2>
      <p className="review-hint">Readers see these under the story, with their time. They cannot be edited.</p>
      {list && list.length > 0 && (
        <ol className="notes-list">
          {list.map((c) => (
            <Remark key={c.id} remark={c}>
              <button type="button" className="secondary" disabled={busy} onClick={() => removing.ask(c)}>
                Remove
              </button>
            </Remark>
          ))}
        </ol>
      )}
      <RemarkForm label="Add correction" max={CORRECTION_MAX} rows={2} text={text} onText={setText} onSubmit={() => void add()}>
        <button type="submit" disabled={busy || !text.trim()}>
          Add correction
        </button>
      </RemarkForm>
      {notice && (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <ConfirmDialog
        {...removing.dialog}
        title="Remove this correction?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        danger
        busy={busy}
        onConfirm={() => removing.item && void remove(removing.item)}
      >
        <p>Readers will no longer see it. The removal is recorded in the history.</p>
        {removing.item && (
          <blockquote lang="te" className="note-text">
            {removing.item.text}
          </blockquote>
        )}
      </ConfirmDialog>
    </section>
  );
}
