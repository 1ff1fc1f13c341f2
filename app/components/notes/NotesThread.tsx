// The desk's private thread on a story, beside it on the review, edit and view screens of admins
// and of its reporter: the notes oldest first, who wrote each and when (India time), and a box to
// write the next with the తెలుగు/ENG typing toggle. Plain text: React escapes it, line breaks kept.
// The thread is never on a public page (contract/notes.ts).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { call } from '../../lib/api.ts';
import { failureText } from '../dashboard/failure.ts';
import { TeluguTypingToggle } from '../TeluguTypingToggle.tsx';
import { formatDateTime } from '../public/format.ts';
import { NOTE_MAX, NOTE_ROUTES, type Note } from '../../../contract/notes.ts';
import '../../styles/notes.css';

export function NotesThread({ articleId }: { articleId: number }) {
  const headingId = useId();
  const boxId = useId();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

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

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError('Write the note first.');
    setBusy(true);
    setError('');
    try {
      const note = await call(NOTE_ROUTES.post, { params: { id: articleId }, body: { text } });
      setNotes((list) => [...(list ?? []), note]);
      setText('');
    } catch (err) {
      // The typed text stays in the box to send again.
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  }

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
            <li key={n.id} className="note">
              <p className="note-meta">
                <strong>{n.author.displayName}</strong> <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
              <p className="note-text" lang="te">
                {n.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="note-form" onSubmit={(e) => void send(e)}>
        <div className="note-form-head">
          <label htmlFor={boxId}>New note</label>
          <TeluguTypingToggle />
        </div>
        <textarea
          id={boxId}
          rows={3}
          maxLength={NOTE_MAX}
          data-telugu
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${boxId}-count`}
        />
        <div className="note-form-foot">
          <span id={`${boxId}-count`} className="review-count">
            {text.length}/{NOTE_MAX}
          </span>
          <button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send note'}
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
