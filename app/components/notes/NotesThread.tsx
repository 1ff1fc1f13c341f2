// The desk's private thread on a story, beside it on the review, edit and view screens of admins
// and of its reporter: the notes oldest first, who wrote each and when (India time), and a box to
// write the next with the తెలుగు/ENG typing toggle. Plain text: React escapes it, line breaks kept.
// The thread is never on a public page (contract/notes.ts).
import { useEffect, useId, useState } from 'react';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import { useAct } from '../dashboard/use-act.ts';
import { Remark, RemarkForm } from './Remark.tsx';
import { NOTE_MAX, NOTE_ROUTES, type Note } from '../../../contract/notes.ts';

export function NotesThread({ articleId }: { articleId: number }) {
  const headingId = useId();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [text, setText] = useState('');
  const { busy, notice, act } = useAct();

  useEffect(() => {
    let cancelled = false;
    call(NOTE_ROUTES.list, { params: { id: articleId } }).then(
      (list) => !cancelled && setNotes(list),
      (e: unknown) => !cancelled && setLoadError(failureText(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [articleId]);

  // A failed send keeps the typed text in the box to send again.
  const send = () =>
    act(async () => {
      const note = await call(NOTE_ROUTES.post, { params: { id: articleId }, body: { text } });
      setNotes((list) => [...(list ?? []), note]);
      setText('');
      return 'Note sent.';
    });

  return (
    <section className="notes-thread" aria-labelledby={headingId} data-testid="notes-thread">
      <h2 id={headingId} className="notes-heading">
        Notes{notes && notes.length > 0 ? ` (${notes.length})` : ''}
        <span className="notes-private">Only the desk and the reporter see these</span>
      </h2>
      {loadError ? (
        <p className="form-error" role="alert">
          Could not load the notes: {loadError}
        </p>
      ) : notes === null ? (
        <p className="review-hint">Loading notes...</p>
      ) : notes.length === 0 ? (
        <p className="review-hint">No notes yet.</p>
      ) : (
        <ol className="notes-list">
          {notes.map((n) => (
            <Remark key={n.id} remark={n} />
          ))}
        </ol>
      )}
      <RemarkForm label="New note" max={NOTE_MAX} rows={3} text={text} onText={setText} onSubmit={() => void send()}>
        <button type="submit" disabled={busy || !text.trim()}>
          {busy ? 'Sending...' : 'Send note'}
        </button>
      </RemarkForm>
      {notice && !notice.ok && (
        <p className="form-error" role="alert">
          {notice.text}
        </p>
      )}
    </section>
  );
}
