// The desk working on one story together (issue 37, contract/editing.ts): a save refused because a
// newer version was saved (the conflict panel, with the word diff of their change against what the
// writer typed), who else has the story open (the presence banner, its heartbeat and takeover), and
// the lists' 'సవరణలో' mark. Staff screens only: nothing here is on a public page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArticlePayload } from '../../../contract/article-form.ts';
import { EDITING_MESSAGES, EDITING_ROUTES, HEARTBEAT_MS, VERSION_MESSAGES, type Heartbeat } from '../../../contract/editing.ts';
import { htmlToText, wordDiff } from '../../../contract/word-diff.ts';
import { call } from '../../lib/api.ts';
import { conflictLine, type Conflict } from './save.ts';
import { formatTime } from '../public/format.ts';
import '../../styles/desk-together.css';
import { Diff } from '../admin-review/Revisions.tsx';

/** The writer's text, read-only, to copy from. */
export function KeptText({
  values,
  heading = VERSION_MESSAGES.yourText,
}: {
  values: Pick<ArticlePayload, 'title' | 'content'>;
  heading?: string;
}) {
  return (
    <section className="kept-text" aria-label={heading} data-testid="kept-text">
      <h3>{heading}</h3>
      <p lang="te" className="kept-title">
        {values.title}
      </p>
      <textarea lang="te" readOnly rows={6} value={htmlToText(values.content)} aria-label={heading} />
    </section>
  );
}

/**
 * A refused save: who saved the newer version and when, their change against the writer's text
 * (word diff: struck, the writer's words; underlined, theirs), and the two ways on. The writer's
 * text stays in the form throughout.
 */
export function ConflictPanel({
  conflict,
  typed,
  busy,
  onTakeNewer,
  onSaveOver,
}: {
  conflict: Conflict;
  typed: Pick<ArticlePayload, 'title' | 'content'>;
  busy: boolean;
  onTakeNewer(): void;
  onSaveOver(): void;
}) {
  const line = conflictLine(conflict);
  const theirs = conflict.article;
  const typedText = htmlToText(typed.content);
  const theirText = htmlToText(theirs.content);
  return (
    <section className="version-conflict" role="alert" data-testid="version-conflict">
      <p className="version-conflict-line">
        <strong>{line.en}</strong> <span lang="te">({line.te})</span>
      </p>
      <h3>{VERSION_MESSAGES.theirChange}</h3>
      {typed.title !== theirs.title && (
        <p lang="te" className="word-diff" data-testid="conflict-title-diff">
          <Diff parts={wordDiff(typed.title, theirs.title)} />
        </p>
      )}
      {typedText !== theirText && (
        <p lang="te" className="word-diff" data-testid="conflict-content-diff">
          <Diff parts={wordDiff(typedText, theirText)} />
        </p>
      )}
      <p className="version-conflict-actions">
        <button type="button" className="secondary" onClick={onTakeNewer} disabled={busy}>
          {VERSION_MESSAGES.takeNewer}
        </button>{' '}
        <button type="button" onClick={onSaveOver} disabled={busy}>
          {VERSION_MESSAGES.saveOver(conflict.version)}
        </button>
      </p>
    </section>
  );
}

export type Presence = {
  /** Others with the story open, first arrival first. */
  editors: Heartbeat['editors'];
  /** Someone else was here first and this person has not taken over: read-only. */
  locked: boolean;
  /** Someone took the story over from this person: read-only for good. */
  takenOverBy: Heartbeat['takenOverBy'];
  /** The stored version at the last beat. */
  version: number | null;
  takeOver(): Promise<void>;
};

/**
 * The edit or review screen's heartbeat (every HEARTBEAT_MS, and when the tab is shown again):
 * who else is editing, whether someone took over. Off (`articleId` null) it beats nothing.
 */
export function useEditingPresence(articleId: number | null, startedFrom?: number): Presence {
  const [beat, setBeat] = useState<Heartbeat | null>(null);
  const [tookOver, setTookOver] = useState(false);
  const stopped = useRef(false);
  // Read at each beat: a screen that reads its story again keeps beating, with the same `since`.
  const version = useRef(startedFrom);
  version.current = startedFrom;
  const send = useCallback(async () => {
    if (articleId === null || stopped.current) return;
    try {
      const answer = await call(EDITING_ROUTES.beat, {
        params: { id: articleId },
        body: version.current === undefined ? {} : { version: version.current },
      });
      if (answer.takenOverBy) stopped.current = true;
      setBeat(answer);
    } catch {
      // A missed beat is retried at the next; the server forgets this person after a minute.
    }
  }, [articleId]);

  useEffect(() => {
    if (articleId === null) return;
    stopped.current = false;
    void send();
    const timer = setInterval(() => void send(), HEARTBEAT_MS);
    const onShow = () => document.visibilityState === 'visible' && void send();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShow);
      if (!stopped.current) void call(EDITING_ROUTES.leave, { params: { id: articleId } }).catch(() => {});
    };
  }, [articleId, send]);

  const takeOver = useCallback(async () => {
    if (articleId === null) return;
    setBeat(await call(EDITING_ROUTES.takeover, { params: { id: articleId } }));
    setTookOver(true);
  }, [articleId]);

  const editors = beat?.editors ?? [];
  const firstHere = !beat || editors.every((e) => e.since >= beat.since);
  return {
    editors,
    locked: !!beat?.takenOverBy || (!tookOver && !firstHere),
    takenOverBy: beat?.takenOverBy ?? null,
    version: beat?.version ?? null,
    takeOver,
  };
}

/** The top of an edit or review screen: who else is editing since when (with Take over), or who took over. */
export function EditingBanner({ presence }: { presence: Presence }) {
  const [busy, setBusy] = useState(false);
  if (presence.takenOverBy) {
    const name = presence.takenOverBy.displayName;
    return (
      <div className="editing-banner taken-over" role="alert" data-testid="taken-over">
        <p>
          <strong>{EDITING_MESSAGES.tookOver(name)}</strong> <span lang="te">({EDITING_MESSAGES.tookOverTelugu(name)})</span>
        </p>
      </div>
    );
  }
  if (presence.editors.length === 0) return null;
  const first = presence.editors[0];
  const time = formatTime(first.since);
  return (
    <div className="editing-banner" role="status" data-testid="editing-banner">
      <p>
        <strong>{EDITING_MESSAGES.editingSince(first.displayName, time)}</strong>{' '}
        <span lang="te">({EDITING_MESSAGES.editingSinceTelugu(first.displayName, time)})</span>
        {presence.editors.length > 1 && ` +${presence.editors.length - 1}`}
      </p>
      {presence.locked && (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void presence.takeOver().finally(() => setBusy(false));
          }}
        >
          {EDITING_MESSAGES.takeOver}
        </button>
      )}
    </div>
  );
}

/** Which of a list's stories someone else is editing (read when the list shows, then every beat). */
export function useEditingMarks(ids: readonly number[]): ReadonlySet<number> {
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const key = ids.slice(0, 200).join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    const read = () =>
      call(EDITING_ROUTES.marks, { query: { ids: key } })
        .then((answer) => live && setMarked(new Set(answer.articles)))
        .catch(() => {});
    void read();
    const timer = setInterval(read, HEARTBEAT_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [key]);
  return marked;
}

/** The lists' small mark on a story someone is editing. */
export function EditingMark({ on }: { on: boolean }) {
  return on ? (
    <span className="editing-mark" lang="te" title="Someone is editing this story" data-testid="editing-mark">
      {EDITING_MESSAGES.mark}
    </span>
  ) : null;
}
