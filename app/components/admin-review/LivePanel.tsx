// Live coverage on the staff screens: an admin makes an approved story live ('లైవ్') and ends it;
// the admin and the story's reporter post updates (the editor's HTML, which the server sanitises
// like a body); an update's author or an admin edits or deletes it. Readers see a new update within
// seconds (app/components/public/LiveUpdates.tsx).
import { lazy, Suspense, useId, useState } from 'react';
import { call } from '../../lib/api.ts';
import { useAct } from '../dashboard/use-act.ts';
import { sanitizeEditorHtml } from '../../lib/sanitize.ts';
import { isLive, LIVE_LABEL, type Article } from '../../../contract/articles.ts';
import { LIVE_ROUTES, type LiveUpdate } from '../../../contract/live.ts';
import { formatDateTime } from '../public/format.ts';
import { LiveStaffList, useStaffLiveList } from './LiveStaffList.tsx';
import { TeluguTypingToggle } from '../TeluguTypingToggle.tsx';

const RichTextEditor = lazy(() => import('../editor/RichTextEditor.tsx'));

export function LivePanel({
  article,
  canSwitch,
  onChange,
}: {
  article: Article;
  /** The caller is an admin: switches live coverage and may change every update. */
  canSwitch: boolean;
  onChange?(article: Article): void;
}) {
  const headingId = useId();
  const live = isLive(article);
  const [draft, setDraft] = useState('');
  // A new key gives a fresh editor (after a post, or to edit another update).
  const [editorKey, setEditorKey] = useState(0);
  const [editing, setEditing] = useState<LiveUpdate | null>(null);
  const { busy, notice, setNotice, act } = useAct();
  const list = useStaffLiveList(article, setNotice);
  const { setUpdates } = list;

  if (article.approvalStatus !== 'APPROVED' || (!canSwitch && !article.liveSince)) return null;

  const switchLive = (method: 'PUT' | 'DELETE') =>
    act(async () => {
      const result = await call(method === 'PUT' ? LIVE_ROUTES.start : LIVE_ROUTES.end, { params: { id: article.id } });
      onChange?.(result.article);
      return result.message;
    });

  const save = () =>
    act(async () => {
      const content = sanitizeEditorHtml(draft);
      if (editing) {
        const saved = await call(LIVE_ROUTES.edit, { params: { id: article.id, updateId: editing.id }, body: { content } });
        setUpdates((list) => list.map((u) => (u.id === saved.id ? saved : u)));
      } else {
        const posted = await call(LIVE_ROUTES.post, { params: { id: article.id }, body: { content } });
        setUpdates((list) => [posted, ...list]);
      }
      startEdit(null);
      return editing ? 'Update saved.' : 'Update posted.';
    });

  const remove = (update: LiveUpdate) =>
    act(async () => {
      await call(LIVE_ROUTES.remove, { params: { id: article.id, updateId: update.id } });
      setUpdates((list) => list.filter((u) => u.id !== update.id));
      return 'Update deleted.';
    });

  /** A fresh editor: on an update to edit, or empty for the next post. */
  const startEdit = (update: LiveUpdate | null) => {
    setEditing(update);
    setDraft(update?.content ?? '');
    setEditorKey((k) => k + 1);
  };

  return (
    <section className="schedule-panel live-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="schedule-heading">
        <span className="breaking-label">{LIVE_LABEL}</span>{' '}
        {live
          ? `Live since ${formatDateTime(article.liveSince!)}`
          : article.liveEndedAt
            ? `Live coverage ended ${formatDateTime(article.liveEndedAt)}`
            : 'Live coverage'}
      </h2>
      {canSwitch && (
        <div className="schedule-row">
          {live ? (
            <button type="button" className="secondary" onClick={() => void switchLive('DELETE')} disabled={busy}>
              End live
            </button>
          ) : (
            <button type="button" onClick={() => void switchLive('PUT')} disabled={busy}>
              {article.liveEndedAt ? 'Go live again' : 'Go live'}
            </button>
          )}
        </div>
      )}
      {(live || editing) && (
        // Readers read the updates: the same తెలుగు / ENG typing as the article form (its scope).
        <div className="live-compose" data-telugu-scope>
          <div className="schedule-row">
            <span className="label">{editing ? 'Edit update' : 'New update'}</span>
            <TeluguTypingToggle />
          </div>
          <Suspense fallback={<div className="editor-loading">Loading editor...</div>}>
            <RichTextEditor key={editorKey} initialContent={draft} onChange={setDraft} label="Live update" />
          </Suspense>
          <div className="schedule-row">
            <button type="button" onClick={() => void save()} disabled={busy}>
              {editing ? 'Save update' : 'Post update'}
            </button>
            {editing && (
              <button type="button" className="secondary" onClick={() => startEdit(null)} disabled={busy}>
                Cancel
              </button>
            )}
          </div>
        </div>
      )}
      {notice && (
        <p className={notice.ok ? 'form-success' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <LiveStaffList
        list={list}
        // The server refuses the rest (403); a reporter's own updates carry their username.
        mayChange={(u) => canSwitch || u.authorName === article.reporterName}
        busy={busy}
        onEdit={startEdit}
        onDelete={(u) => void remove(u)}
      />
    </section>
  );
}
